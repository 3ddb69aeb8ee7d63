// The check behind content/figures.yaml: a figure that several files state (a gas limit, a loss, a
// dataset size) must be stated the same way everywhere, and a fast-moving one must say when it was
// true. Without it, one file gets updated and another quietly keeps the old number.
import type { Figure } from '../content/schemas.ts';

export interface FigureEntry {
  id: string;
  data: Figure;
}

/** A piece of prose to check, named by the file it comes from; an essay also says when it was last revised. */
export interface ContentText {
  file: string;
  text: string;
  updated?: Date | undefined;
}

const normalise = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();

/** The sentence around a match: enough to look for its "as of" date without reading the paragraph. */
function sentenceAround(text: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const from = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1;
  const after = text.slice(end).search(/\.(\s|$)|\n/);
  return text.slice(from, after === -1 ? text.length : end + after);
}

export function findFigureProblems(figures: readonly FigureEntry[], texts: readonly ContentText[]): string[] {
  const problems: string[] = [];
  for (const { id, data } of figures) {
    const accepted = new Set([data.value, ...data.alsoWritten].map(normalise));
    const pattern = new RegExp(data.pattern, 'gi');
    let stated = 0;
    for (const { file, text } of texts) {
      for (const match of text.matchAll(pattern)) {
        const found = match.slice(1).find((group) => group !== undefined) ?? '';
        stated++;
        if (!accepted.has(normalise(found))) {
          problems.push(
            `${file}: states ${data.quantity} as "${found}", but content/figures.yaml ("${id}") says "${data.value}"; use that value or update the figure there (source: ${data.source}).`,
          );
          continue;
        }
        const sentence = sentenceAround(text, match.index, match.index + match[0].length).toLowerCase();
        if (data.asOf && !sentence.includes(`as of ${data.asOf.toLowerCase()}`))
          problems.push(
            `${file}: states ${data.quantity}, which changes often, without "as of ${data.asOf}" in the same sentence; add it, or update "${id}" in content/figures.yaml if the figure has moved on.`,
          );
      }
    }
    if (stated === 0)
      problems.push(
        `content/figures.yaml: figure "${id}" (${data.quantity}) is stated nowhere; fix its pattern or remove the figure.`,
      );
  }
  return problems;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "November 2026" as a comparable month number (year × 12 + month index). */
function monthNumber(asOf: string): number {
  const [month = '', year = ''] = asOf.toLowerCase().split(' ');
  return Number(year) * 12 + MONTHS.indexOf(month);
}

/**
 * The freshness rule: an essay revised after a fast-moving figure was last checked states a figure
 * that may have moved on since. These are warnings, not errors: the figure may still be right, but
 * someone should look at its source and move its `asOf` (or the figure) forward.
 */
export function findStaleFigureWarnings(figures: readonly FigureEntry[], texts: readonly ContentText[]): string[] {
  const warnings: string[] = [];
  for (const { id, data } of figures) {
    if (!data.asOf) continue;
    const checked = monthNumber(data.asOf);
    for (const { file, text, updated } of texts) {
      if (updated === undefined) continue;
      const revised = updated.getUTCFullYear() * 12 + updated.getUTCMonth();
      if (revised <= checked || !new RegExp(data.pattern, 'i').test(text)) continue;
      const day = updated.toISOString().slice(0, 10);
      warnings.push(
        `${file} (updated ${day}) states ${data.quantity} as of ${data.asOf}, older than the essay; check ${data.source} and move "${id}"'s asOf in content/figures.yaml forward (then the essay's "as of").`,
      );
    }
  }
  return warnings;
}
