// Scores ask answers against the evaluation set in test/fixtures/ask-eval.json: top-1 and top-3
// accuracy over the questions that have an answer, both sides quoted for comparisons, and how often
// no answer is given (wanted for decline questions, unwanted for the rest); overall, by kind, and for
// the held-out part on its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface EvalQuestion {
  kind: string;
  q: string;
  /** Acceptable sources ("glossary:slug" or "essay:slug § Section"); null when there should be no answer. */
  expect: string[] | null;
  /** What the answer must quote for each side of a comparison: a slug, or "slug § Section". */
  sides?: string[];
  /** Never looked at while tuning. */
  held_out?: boolean;
}

/** What the evaluation needs of an ask response. */
export interface EvalAnswer {
  answer: { passages: Array<{ slug: string; section: string | null }> } | null;
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

const DECLINE = 'decline';

export function scoreAnswers(questions: readonly EvalQuestion[], answers: readonly EvalAnswer[]) {
  const rows = new Map<string, EvalRow>();
  const heldOut: EvalRow = { kind: 'held out', questions: 0, top1: 0, top3: 0, noAnswer: 0 };
  const misses: string[] = [];
  let sidesMissing = 0;
  questions.forEach((question, at) => {
    const result = answers[at]!;
    const row = rows.get(question.kind) ?? { kind: question.kind, questions: 0, top1: 0, top3: 0, noAnswer: 0 };
    rows.set(question.kind, row);
    const counted = question.held_out && question.expect !== null ? [row, heldOut] : [row];
    for (const each of counted) each.questions += 1;
    if (result.answer === null) for (const each of counted) each.noAnswer += 1;
    if (question.expect === null) {
      if (result.answer !== null) misses.push(`${question.q} → answered from ${result.answer.passages[0]?.slug}`);
      return;
    }
    const keys = result.sources.map(sourceKey);
    const hit = (key: string | undefined) => key !== undefined && question.expect!.includes(key);
    const quoted = new Set(
      result.answer?.passages.flatMap((passage) => [passage.slug, `${passage.slug} § ${passage.section}`]),
    );
    const sidesQuoted = (question.sides ?? []).every((side) => quoted.has(side));
    if (!sidesQuoted) sidesMissing += 1;
    if (hit(keys[0]) && sidesQuoted) for (const each of counted) each.top1 += 1;
    if (keys.slice(0, 3).some(hit) && sidesQuoted) for (const each of counted) each.top3 += 1;
    if (!hit(keys[0]) || !sidesQuoted || result.answer === null)
      misses.push(
        `${question.held_out ? '[held out] ' : ''}${question.q} → ${keys.slice(0, 3).join(' | ') || 'nothing'}` +
          `${result.answer === null ? ' (no answer)' : ''}${sidesQuoted ? '' : ' (a side not quoted)'}`,
      );
  });
  const answerable = [...rows.values()].filter((row) => row.kind !== DECLINE);
  const sum = (pick: (row: EvalRow) => number) => answerable.reduce((total, row) => total + pick(row), 0);
  const count = sum((row) => row.questions);
  const declines = rows.get(DECLINE);
  return {
    rows: [...rows.values()],
    heldOut,
    top1: sum((row) => row.top1) / count,
    top3: sum((row) => row.top3) / count,
    heldOutTop1: heldOut.questions ? heldOut.top1 / heldOut.questions : 1,
    /** Share of answerable questions left without an answer. */
    falseNoAnswer: sum((row) => row.noAnswer) / count,
    /** Decline questions that were answered anyway: must be none. */
    wrongAnswers: declines ? declines.questions - declines.noAnswer : 0,
    /** Comparisons whose answer does not quote every side. */
    sidesMissing,
    misses,
  };
}

export function formatTable(score: ReturnType<typeof scoreAnswers>): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);
  const lines = [`${'kind'.padEnd(11)} ${'n'.padStart(3)}   top-1   top-3  no-answer`];
  for (const row of [...score.rows, score.heldOut]) {
    const answerable = row.kind !== DECLINE;
    lines.push(
      `${row.kind.padEnd(11)} ${String(row.questions).padStart(3)} ${answerable ? percent(row.top1 / row.questions) : '      -'} ` +
        `${answerable ? percent(row.top3 / row.questions) : '      -'} ${percent(row.noAnswer / row.questions)}`,
    );
  }
  lines.push(
    `answerable  ${String(score.rows.filter((row) => row.kind !== DECLINE).reduce((n, row) => n + row.questions, 0)).padStart(3)} ` +
      `${percent(score.top1)} ${percent(score.top3)} ${percent(score.falseNoAnswer)}`,
  );
  return lines.join('\n');
}
