// @ts-check
// Fits the weights that choose which paragraph of an essay section leads its quote
// (LEAD_PARAGRAPH_WEIGHTS and FIGURE_LEAD_WEIGHTS, src/core/ask/paragraph-choice.ts) on the
// development sets, per kind of answer asked (the plan's `prefer`: a figure, a cause, a means, …).
// Each answerable question whose right essay section leads (and holds a key fact somewhere) is
// searched once to record every paragraph of that section with its features (answer weight as a
// share of the best, place, nearness in meaning, opening, length, the
// asked kind's mark), then once more per paragraph that speaks to the question, that paragraph made
// the lead (the runner-up as in the code), recording whether the answer holds a key fact (holdsFact,
// the scorers' test). A grid of weights (share 1, one or two other features) is then scored offline
// by the answers its lead choices give: the answers it makes right less those it makes wrong, less
// FIT_CHANGE_COST (0.5) for each change that stays wrong; the smallest weights win a tie. Each
// development set is held out in turn (fit on the others, report it), then the weights are fitted
// on all of them; the constants are set by hand from those whose held-out figures gain.
// FIT_DUMP=<file> writes the records. Takes about two minutes.
// Run: node scripts/launch.mjs bench/ask-paragraph-fit.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importAskModules } from './load-ts.mjs';
import { root } from './lib.mjs';
import { ASK_OPTIONS as options, contentDocuments, DEVELOPMENT_SETS } from './ask-docs.mjs';

// One bundle for both modules, so the trace the chooser calls is the one set here; every import of
// paragraph-choice.ts but the stand-in's own is its stand-in (ask-paragraph-forced.mjs), whose
// forcedLead makes a chosen paragraph lead.
const standIn = path.join(root, 'bench/ask-paragraph-forced.mjs');
/** @type {import('esbuild').Plugin} */
const forcedLeadPlugin = {
  name: 'forced-lead',
  setup(build) {
    build.onResolve({ filter: /paragraph-choice\.ts$/ }, ({ importer }) =>
      importer === standIn ? undefined : { path: standIn },
    );
  },
};
const { AskIndex, paragraphTrace, forcedLead, bestParagraph, leadWeightsFor, LEAD_PARAGRAPH_WEIGHTS } =
  await importAskModules('ask-paragraph', ['ask-index.ts', 'paragraph-choice.ts'], [forcedLeadPlugin]);
const { isExpected, contentSections, holdsFact } = await import('../test/support/ask-blind.ts');
const sections = contentSections();
const serialised = AskIndex.build(contentDocuments());
const index = AskIndex.load(JSON.parse(JSON.stringify(serialised)));
/** @type {Array<{ slug: string; section: string | null; text: string }>} */
const passages = serialised.passages;

/**
 * @typedef {{ share: number } & Record<string, number>} Features
 * @typedef {{ q: string; prefer: string; features: Features[]; facts: Record<number, boolean>; texts: string[] }} Recorded
 */

/** Whether the answer holds a key fact with the paragraph at `lead` (its place) leading its section's quote. */
function answerHolds(
  /** @type {any} */ question,
  /** @type {number[]} */ paragraphs,
  /** @type {Features[]} */ features,
  /** @type {number} */ lead,
) {
  const runnerUp = bestParagraph(features, LEAD_PARAGRAPH_WEIGHTS, lead);
  forcedLead.choose = (/** @type {number[]} */ seen) => (seen[0] === paragraphs[0] ? [lead, runnerUp] : undefined);
  const result = index.search(question.q, options);
  forcedLead.choose = undefined;
  return result.answer ? holdsFact(result.answer.text, question.facts) : false;
}

/** The questions of a set whose right essay section leads and holds a key fact, with each lead's answer. @param {string} file */
function record(file) {
  const parsed = JSON.parse(readFileSync(path.join(root, 'test/fixtures', file), 'utf8'));
  /** @type {Recorded[]} */
  const recorded = [];
  for (const question of Array.isArray(parsed) ? parsed : parsed.questions) {
    if (!question.expect || !question.facts?.length) continue;
    /** @type {Array<{ paragraphs: number[]; features: Features[]; prefer?: string }>} */
    const seen = [];
    paragraphTrace.observe = (
      /** @type {number[]} */ paragraphs,
      /** @type {Features[]} */ features,
      /** @type {string | undefined} */ prefer,
    ) => seen.push({ paragraphs, features, prefer });
    const result = index.search(question.q, options);
    paragraphTrace.observe = undefined;
    const first = result.sources[0];
    if (!result.answer || first?.type !== 'essay' || !isExpected(question.expect, first, sections)) continue;
    const own = seen.find(({ paragraphs }) =>
      paragraphs.every((at) => passages[at]?.slug === first.slug && passages[at]?.section === first.section),
    );
    if (!own || own.paragraphs.length < 2) continue;
    if (!own.paragraphs.some((at) => holdsFact(passages[at]?.text ?? '', question.facts))) continue;
    /** @type {Record<number, boolean>} */
    const facts = {};
    own.features.forEach((features, at) => {
      if (features.share > 0) facts[at] = answerHolds(question, own.paragraphs, own.features, at);
    });
    recorded.push({
      q: question.q,
      prefer: own.prefer ?? 'none',
      features: own.features,
      facts,
      texts: own.paragraphs.map((at) => passages[at]?.text ?? ''),
    });
  }
  return recorded;
}

const names = DEVELOPMENT_SETS.map((file) => file.replace(/^ask-|\.json$/g, ''));
/** @type {Record<string, Recorded[]>} */
const sets = Object.fromEntries(DEVELOPMENT_SETS.map((file, at) => [names[at], record(file)]));
const setOf = (/** @type {string} */ name) => sets[name] ?? [];
if (process.env['FIT_DUMP']) writeFileSync(process.env['FIT_DUMP'], JSON.stringify(sets));

/** The lead some weights choose (bestParagraph), -1 when no paragraph speaks to the question. */
const leadOf = (/** @type {Recorded} */ question, /** @type {Features} */ weights) =>
  bestParagraph(question.features, weights) ?? -1;
const today = LEAD_PARAGRAPH_WEIGHTS;
const holding = (/** @type {Recorded[]} */ set, /** @type {(question: Recorded) => Features} */ weightsOf) =>
  set.filter((question) => question.facts[leadOf(question, weightsOf(question))]).length;
const CHANGE_COST = Number(process.env['FIT_CHANGE_COST'] ?? 0.5);
function objective(/** @type {Recorded[]} */ set, /** @type {Features} */ weights) {
  let score = 0;
  for (const question of set) {
    const [was, now] = [leadOf(question, today), leadOf(question, weights)];
    if (was === now) continue;
    const right = question.facts[now] ? 1 : 0;
    score += right - (question.facts[was] ? 1 : 0) - (right ? 0 : CHANGE_COST);
  }
  return score;
}

const FEATURES = ['later', 'near', 'opening', 'length', 'kind'];
const steps = [-0.3, -0.2, -0.1, 0.1, 0.2, 0.3, 0.5];
/** @type {Features[]} */
const grid = [today];
for (const [at, one] of FEATURES.entries()) {
  for (const a of steps) grid.push({ ...today, [one]: a });
  for (const other of FEATURES.slice(at + 1))
    for (const a of steps) for (const b of steps) grid.push({ ...today, [one]: a, [other]: b });
}
const sizeOf = (/** @type {Features} */ weights) =>
  FEATURES.reduce((sum, name) => sum + Math.abs(weights[name] ?? 0), 0);
const compact = (/** @type {Features} */ weights) =>
  JSON.stringify(Object.fromEntries(Object.entries(weights).filter(([, value]) => value !== 0)));

/** The weights that score best over some sets; the smallest on a tie. */
function fit(/** @type {Recorded[][]} */ on) {
  let best = today;
  let bestScore = 0;
  for (const weights of grid) {
    const score = on.reduce((sum, set) => sum + objective(set, weights), 0);
    if (score > bestScore || (score === bestScore && sizeOf(weights) < sizeOf(best)))
      [best, bestScore] = [weights, score];
  }
  return best;
}

// Per kind asked: answers holding a key fact, by answer weight alone → fitted without the set (held out).
const kinds = ['number', 'explanation', 'procedure', 'definition', 'advice', 'none'];
for (const kind of kinds) {
  const of = (/** @type {string} */ name) => setOf(name).filter((question) => question.prefer === kind);
  const held = names.map((name) => {
    const weights = fit(names.filter((other) => other !== name).map(of));
    return holding(of(name), () => weights) - holding(of(name), () => today);
  });
  const all = fit(names.map(of));
  const count = names.reduce((sum, name) => sum + of(name).length, 0);
  const sum = held.reduce((total, each) => total + each, 0);
  console.log(
    `${kind} (${count}): held out ${sum >= 0 ? '+' : ''}${sum} [${held.join(' ')}], fitted on all ${compact(all)}`,
  );
}
// The weights in the code, per set: answers holding a key fact, by answer weight alone → in the code.
const inCode = (/** @type {Recorded} */ question) =>
  leadWeightsFor(question.prefer === 'none' ? undefined : question.prefer);
for (const name of names)
  console.log(
    `  ${name}: ${holding(setOf(name), () => today)} → ${holding(setOf(name), inCode)} of ${setOf(name).length}`,
  );
