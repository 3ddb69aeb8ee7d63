// @ts-check
// Fits the lead reranker's weights (src/core/ask/lead-rerank.ts) on the development sets: every
// search's candidate sources and their features are recorded once, then a grid of weights is scored
// offline (which candidate would lead, and is it a source the question expects). Each development
// set is held out in turn (fit on the others, report it), then the weights are fitted on all of
// them. The grid spans kind, subject, specific, type, beyond and opening; margin, home, asks,
// figure, treats and caseTreats stay at LEAD_WEIGHTS (each was set by its own trial). The tuning
// set (ask-eval.json) may not answer fewer questions first than without the reranker, counting only
// its tuned part: its held-out part is reported, never fitted. Nor may a fitted set lose more than
// FIT_MAX_LOSS (1) right firsts against LEAD_WEIGHTS: the grid is flat, and a point that trades
// four of one writer's questions for four of another's is noise, not a better fit (the rules of
// evidence allow a set one question lost). A grid point scores the leads it makes right less those
// it makes wrong, less FIT_CHANGE_COST (0.5) for each change that stays wrong; the smallest weights
// win a tie. Prints the chosen weights (LEAD_WEIGHTS is set from them by hand); FIT_DIAG=1 lists
// the leads they change; FIT_DUMP=<file> writes the recorded candidates and features as JSON, with
// the kind the reranker read each question as (`asked`: cause, procedure, figure, …), to try a
// feature or a per-kind weight offline. Run: node scripts/launch.mjs bench/ask-rerank-fit.mjs
import { writeFileSync } from 'node:fs';
import { importAskModules } from './load-ts.mjs';
import { leadScores } from './lead-fit.mjs';
import { answerableQuestions, ASK_OPTIONS as options, contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

// One bundle for both modules, so the trace the reranker calls is the one set here.
const { AskIndex, leadTrace, leadOf, LEAD_WEIGHTS } = await importAskModules('ask-rerank', [
  'ask-index.ts',
  'lead-rerank.ts',
]);
const index = contentIndex(AskIndex);

// How the scorers name a source (quotes made straight), as the sets' expectations are compared.
const { sourceKey: keyOf, isExpected, contentSections } = await import('../test/support/ask-blind.ts');
const sections = contentSections();

/**
 * @typedef {{ margin: number; kind: number; subject: number; specific: number; type: number; beyond: number; home: number; asks: number; figure: number; treats: number; caseTreats: number; opening: number }} Weights
 * @typedef {{ held: boolean; q: string; kind: string; fixed: boolean; keys?: string[]; features?: Weights[]; rights?: boolean[]; asked?: string }} Recorded
 */

/**
 * Each answerable question: whether today's lead is right, and its candidates' features and rightness.
 * @param {string} file
 * @returns {Recorded[]}
 */
function record(file) {
  return answerableQuestions(file).map(
    (/** @type {{ q: string; expect: string[]; kind: string; held_out?: boolean }} */ question) => {
      /** @type {{ candidates: any[]; features: any[]; asked: string } | undefined} */
      let seen;
      leadTrace.observe = (
        /** @type {any[]} */ candidates,
        /** @type {any[]} */ features,
        /** @type {string} */ asked,
      ) => {
        seen = { candidates, features, asked };
      };
      const result = index.search(question.q, options);
      leadTrace.observe = undefined;
      const fixed = isExpected(question.expect, result.sources[0], sections);
      const rights = seen?.candidates.map((candidate) => isExpected(question.expect, candidate, sections));
      return {
        held: question.held_out === true,
        q: question.q,
        keys: seen?.candidates.map(keyOf),
        kind: question.kind,
        fixed,
        features: seen?.features,
        rights,
        asked: seen?.asked,
      };
    },
  );
}

// The development sets (bench/ask-docs.mjs) by short name ("dev", "retired", "dev2", …), then the tuning set.
const names = DEVELOPMENT_SETS.map((file) => file.replace(/^ask-(dev-)?|(-blind)?\.json$/g, ''));
/** @type {Record<string, Recorded[]>} */
const sets = {
  ...Object.fromEntries(DEVELOPMENT_SETS.map((file, at) => [names[at], record(file)])),
  tuning: record('ask-eval.json'),
};
const setOf = (/** @type {string} */ name) => sets[name] ?? [];
if (process.env['FIT_DUMP']) writeFileSync(process.env['FIT_DUMP'], JSON.stringify(sets));
// The tuning set's held-out part is never tuned on: the fit keeps the rest, and the held-out is reported.
const tuned = setOf('tuning').filter((/** @type {Recorded} */ question) => !question.held);
const heldOut = setOf('tuning').filter((/** @type {Recorded} */ question) => question.held);

/** Leads changed that stay wrong cost this much each (lead-fit.mjs, objective). */
const CHANGE_COST = Number(process.env['FIT_CHANGE_COST'] ?? 0.5);
const { firsts, objective } = leadScores(leadOf, CHANGE_COST);

/** @type {Weights[]} */
const grid = [];
const steps = [0, 0.1, 0.25, 0.5, 1];
for (const kind of steps)
  for (const subject of steps)
    for (const specific of steps)
      for (const type of [0, 0.05, 0.1, 0.2, 0.4])
        for (const beyond of steps)
          for (const opening of [0, -0.1, -0.25, -0.5])
            grid.push({
              margin: 1,
              kind,
              subject,
              specific,
              type,
              beyond,
              home: LEAD_WEIGHTS.home,
              asks: LEAD_WEIGHTS.asks,
              figure: LEAD_WEIGHTS.figure,
              treats: LEAD_WEIGHTS.treats,
              caseTreats: LEAD_WEIGHTS.caseTreats,
              opening,
            });
const baseline = {
  margin: 1,
  kind: 0,
  subject: 0,
  specific: 0,
  type: 0,
  beyond: 0,
  home: 0,
  asks: 0,
  figure: 0,
  treats: 0,
  caseTreats: 0,
  opening: 0,
};
const tuningFloor = firsts(tuned, baseline);
const sizeOf = (/** @type {Weights} */ weights) =>
  weights.kind + weights.subject + weights.specific + weights.type + weights.beyond + Math.abs(weights.opening);
const MAX_LOSS = Number(process.env['FIT_MAX_LOSS'] ?? 1);

/** The weights with the most right firsts over some sets, the tuning set kept; the smallest on a tie. */
function fit(/** @type {Recorded[][]} */ on) {
  let best = baseline;
  let bestScore = -Infinity;
  const current = on.map((set) => firsts(set, LEAD_WEIGHTS));
  for (const weights of grid) {
    if (firsts(tuned, weights) < tuningFloor) continue;
    if (on.some((set, at) => firsts(set, weights) < (current[at] ?? 0) - MAX_LOSS)) continue;
    const score = on.reduce((sum, set) => sum + objective(set, weights), 0);
    if (score > bestScore || (score === bestScore && sizeOf(weights) < sizeOf(best)))
      [best, bestScore] = [weights, score];
  }
  return best;
}

const percent = (/** @type {number} */ count, /** @type {number} */ of) => `${((count / of) * 100).toFixed(1)} %`;
// Without the reranker → with the weights in the code → with the weights fitted.
const show = (/** @type {Recorded[]} */ set, /** @type {Weights} */ weights) =>
  [baseline, LEAD_WEIGHTS, weights].map((each) => percent(firsts(set, each), set.length)).join(' → ');
for (const held of names) {
  const weights = fit(names.filter((name) => name !== held).map(setOf));
  console.log(`held out ${held}: ${show(setOf(held), weights)} right first, weights ${JSON.stringify(weights)}`);
}
const chosen = fit(names.map(setOf));
console.log(`\nfitted on all: ${JSON.stringify(chosen)} (in the code now: ${JSON.stringify(LEAD_WEIGHTS)})`);
for (const name of [...names, 'tuning']) console.log(`  ${name}: ${show(setOf(name), chosen)}`);
console.log(`  tuning, held out: ${show(heldOut, chosen)}`);

// FIT_DIAG=1: the questions whose lead the chosen weights change, and whether it was and is right.
if (process.env['FIT_DIAG'])
  for (const name of [...names, 'tuning']) {
    console.log(`${name}:`);
    for (const question of setOf(name)) {
      const lead = question.features ? leadOf(question.features, chosen) : 0;
      if (lead !== 0 && question.rights && question.keys)
        console.log(
          `  ${question.rights[0] ? 'right' : 'wrong'} → ${question.rights[lead] ? 'right' : 'wrong'} ${question.q}\n    ${question.keys[0]} → ${question.keys[lead]}`,
        );
    }
  }
