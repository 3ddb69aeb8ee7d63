// @ts-check
// Fits which source leads a comparison (COMPARISON_LEAD_WEIGHTS, src/core/ask/comparison-lead.ts)
// on the development sets: every comparison's candidate sources and their features are recorded
// once, then a grid of weights is scored offline (which candidate would lead, and is it a source
// the question expects). Each development set is held out in turn (fit on the others, report it),
// then the weights are fitted on all of them. A grid point scores the leads it makes right less
// those it makes wrong, less CHANGE_COST (0.5) for each change that stays wrong; no fitted set may
// lose more than one right first; the tuning set may not lose one; the smallest weights win a tie.
// The order the hand rules set (comparison.ts) weighs 1; fused, shared, standIn and half are fitted
// on a grid. FIT_DIAG=1 lists the leads the chosen weights change; FIT_DUMP=<file> writes what was
// recorded. Run: node scripts/launch.mjs bench/ask-comparison-fit.mjs
import { writeFileSync } from 'node:fs';
import { importAskModules } from './load-ts.mjs';
import { leadScores } from './lead-fit.mjs';
import { answerableQuestions, ASK_OPTIONS as options, contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

// One bundle for both modules, so the trace comparison.ts calls is the one set here.
const { AskIndex, comparisonLeadTrace, comparisonLeadOf, COMPARISON_LEAD_WEIGHTS } = await importAskModules(
  'ask-comparison',
  ['ask-index.ts', 'comparison-lead.ts'],
);
const index = contentIndex(AskIndex);
const { sourceKey: keyOf, isExpected, contentSections } = await import('../test/support/ask-blind.ts');
const sections = contentSections();

/**
 * @typedef {Record<string, number>} Weights
 * @typedef {{ q: string; kind: string; fixed: boolean; keys?: string[]; features?: Weights[]; rights?: boolean[] }} Recorded
 */

/** Each answerable question read as a comparison: its candidates' features and rightness. @param {string} file @returns {Recorded[]} */
function record(file) {
  return answerableQuestions(file).map((/** @type {{ q: string; expect: string[]; kind: string }} */ question) => {
    /** @type {{ candidates: any[]; features: any[] } | undefined} */
    let seen;
    comparisonLeadTrace.observe = (/** @type {any[]} */ candidates, /** @type {any[]} */ features) => {
      seen = { candidates, features };
    };
    const result = index.search(question.q, options);
    comparisonLeadTrace.observe = undefined;
    const fixed = isExpected(question.expect, result.sources[0], sections);
    const rights = seen?.candidates.map((candidate) => isExpected(question.expect, candidate, sections));
    return {
      q: question.q,
      kind: question.kind,
      fixed,
      keys: seen?.candidates.map(keyOf),
      features: seen?.features,
      rights,
    };
  });
}

const files = DEVELOPMENT_SETS;
const names = files.map((file) =>
  file === 'ask-dev-retired-blind.json' ? 'retired' : file.replace(/^ask-|\.json$/g, ''),
);
/** @type {Record<string, Recorded[]>} */
const sets = Object.fromEntries(names.map((name, at) => [name, record(files[at] ?? '')]));
sets['tuning'] = record('ask-eval.json');
if (process.env['FIT_DUMP']) writeFileSync(process.env['FIT_DUMP'], JSON.stringify(sets));

const CHANGE_COST = Number(process.env['FIT_CHANGE_COST'] ?? 0.5);
const { firsts, objective } = leadScores(comparisonLeadOf, CHANGE_COST);

// The features fitted (FIT_FEATURES=a,b,… to try others of ComparisonLeadFeatures; the rest stay 0).
const features = (process.env['FIT_FEATURES'] ?? 'fused,shared,standIn,half')
  .split(',')
  .filter((feature) => feature !== 'order');
const steps = (process.env['FIT_STEPS'] ?? '-0.5,-0.25,-0.1,0,0.1,0.25,0.5,0.75,1').split(',').map(Number);
/** @type {Weights[]} */
let grid = [{ order: 1 }];
for (const feature of features)
  grid = grid.flatMap((weights) => steps.map((step) => ({ ...weights, [feature]: step })));
const baseline = Object.fromEntries(Object.keys(COMPARISON_LEAD_WEIGHTS).map((key) => [key, key === 'order' ? 1 : 0]));
const sizeOf = (/** @type {Weights} */ weights) =>
  features.reduce((sum, feature) => sum + Math.abs(weights[feature] ?? 0), 0);

function fit(/** @type {Recorded[][]} */ on) {
  let best = baseline;
  let bestScore = 0;
  const current = on.map((set) => firsts(set, baseline));
  const tuningFloor = firsts(sets['tuning'] ?? [], baseline);
  for (const weights of grid) {
    if (firsts(sets['tuning'] ?? [], weights) < tuningFloor) continue;
    if (on.some((set, at) => firsts(set, weights) < (current[at] ?? 0) - 1)) continue;
    const score = on.reduce((sum, set) => sum + objective(set, weights), 0);
    if (score > bestScore || (score === bestScore && sizeOf(weights) < sizeOf(best)))
      [best, bestScore] = [weights, score];
  }
  return best;
}

let total = 0;
for (const held of names) {
  const weights = fit(names.filter((name) => name !== held).map((name) => sets[name] ?? []));
  const set = sets[held] ?? [];
  const gain = firsts(set, weights) - firsts(set, baseline);
  total += gain;
  console.log(
    `held out ${held}: right first ${firsts(set, baseline)} → ${firsts(set, weights)} of ${set.length}, weights ${JSON.stringify(weights)}`,
  );
}
console.log(`held out, summed: ${total >= 0 ? '+' : ''}${total}`);
const chosen = fit(names.map((name) => sets[name] ?? []));
console.log(`\nfitted on all: ${JSON.stringify(chosen)}`);
for (const name of [...names, 'tuning']) {
  const set = sets[name] ?? [];
  console.log(`  ${name}: ${firsts(set, baseline)} → ${firsts(set, chosen)}`);
}
if (process.env['FIT_DIAG'])
  for (const name of names)
    for (const question of sets[name] ?? []) {
      const lead = question.features ? comparisonLeadOf(question.features, chosen) : 0;
      if (lead !== 0 && question.rights && question.keys)
        console.log(
          `${name} ${question.rights[0] ? 'right' : 'wrong'} → ${question.rights[lead] ? 'right' : 'wrong'} ${question.q}\n    ${question.keys[0]} → ${question.keys[lead]}`,
        );
    }
