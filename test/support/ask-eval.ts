// Scores ask answers against the evaluation set in test/fixtures/ask-eval.json: top-1 and top-3
// accuracy over in-domain questions, both sides quoted for comparisons, and how often no confident
// answer is given (wanted for out-of-domain questions, unwanted for the rest).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface EvalQuestion {
  kind: string;
  q: string;
  /** Acceptable sources ("glossary:slug" or "essay:slug § Section"); null when there should be no answer. */
  expect: string[] | null;
  sides?: string[];
}

/** What the evaluation needs of an ask response. */
export interface EvalAnswer {
  answer: { passages: Array<{ slug: string }> } | null;
  sources: Array<{ type: string; slug: string; section: string | null }>;
}

export interface EvalRow {
  kind: string;
  questions: number;
  top1: number;
  top3: number;
  noAnswer: number;
}

export const evalQuestions = (): EvalQuestion[] =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/ask-eval.json'), 'utf8')).questions;

const sourceKey = (source: EvalAnswer['sources'][number]) =>
  source.type === 'glossary'
    ? `glossary:${source.slug}`
    : `essay:${source.slug} §${source.section ? ` ${source.section}` : ''}`;

export function scoreAnswers(questions: readonly EvalQuestion[], answers: readonly EvalAnswer[]) {
  const rows = new Map<string, EvalRow>();
  const misses: string[] = [];
  questions.forEach((question, at) => {
    const result = answers[at]!;
    const row = rows.get(question.kind) ?? { kind: question.kind, questions: 0, top1: 0, top3: 0, noAnswer: 0 };
    rows.set(question.kind, row);
    row.questions += 1;
    if (result.answer === null) row.noAnswer += 1;
    if (question.expect === null) {
      if (result.answer !== null) misses.push(`${question.q} → answered from ${result.answer.passages[0]?.slug}`);
      return;
    }
    const keys = result.sources.map(sourceKey);
    const hit = (key: string | undefined) => key !== undefined && question.expect!.includes(key);
    const quoted = new Set(result.answer?.passages.map((passage) => passage.slug));
    const sidesQuoted = (question.sides ?? []).every((side) => quoted.has(side));
    if (hit(keys[0]) && sidesQuoted) row.top1 += 1;
    if (keys.slice(0, 3).some(hit) && sidesQuoted) row.top3 += 1;
    if (!hit(keys[0]) || !sidesQuoted || result.answer === null)
      misses.push(
        `${question.q} → ${keys.slice(0, 3).join(' | ') || 'nothing'}` +
          `${result.answer === null ? ' (no answer)' : ''}${sidesQuoted ? '' : ` (sides quoted: ${[...quoted].join(', ')})`}`,
      );
  });
  const inDomain = [...rows.values()].filter((row) => row.kind !== 'ood');
  const sum = (pick: (row: EvalRow) => number, of = inDomain) => of.reduce((total, row) => total + pick(row), 0);
  const answerable = sum((row) => row.questions);
  const outOfDomain = rows.get('ood');
  return {
    rows: [...rows.values()],
    top1: sum((row) => row.top1) / answerable,
    top3: sum((row) => row.top3) / answerable,
    /** Share of answerable questions left without an answer. */
    falseNoAnswer: sum((row) => row.noAnswer) / answerable,
    /** Share of out-of-domain questions correctly left without an answer. */
    outOfDomainNoAnswer: outOfDomain ? outOfDomain.noAnswer / outOfDomain.questions : 1,
    misses,
  };
}

export function formatTable(score: ReturnType<typeof scoreAnswers>): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);
  const lines = [`${'kind'.padEnd(11)} ${'n'.padStart(3)}   top-1   top-3  no-answer`];
  for (const row of score.rows) {
    const answerable = row.kind !== 'ood';
    lines.push(
      `${row.kind.padEnd(11)} ${String(row.questions).padStart(3)} ${answerable ? percent(row.top1 / row.questions) : '      -'} ` +
        `${answerable ? percent(row.top3 / row.questions) : '      -'} ${percent(row.noAnswer / row.questions)}`,
    );
  }
  lines.push(
    `in-domain   ${String(score.rows.filter((row) => row.kind !== 'ood').reduce((n, row) => n + row.questions, 0)).padStart(3)} ` +
      `${percent(score.top1)} ${percent(score.top3)} ${percent(score.falseNoAnswer)}`,
  );
  return lines.join('\n');
}
