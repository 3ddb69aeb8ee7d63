// @ts-check
// Fits the ask index's decline decision (src/core/ask/decline.ts): every question of the tuning set
// and the four development sets is searched once and the evidence its decision read is kept; then
// each calibration of a grid is scored on that evidence (declining changes no ranking, so this is
// exact), on every set, and with each development set held out in turn (fitted on the tuning set and
// the others). The blind set is never read. ASK_DECLINE_ROWS=1 prints the evidence per question.
// Run: node scripts/launch.mjs bench/ask-decline-fit.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTs } from './load-ts.mjs';
import { root } from './lib.mjs';
import { contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
const { DECLINE_CALIBRATION, declines } = await importTs('src/core/ask/decline.ts');
const index = contentIndex(AskIndex);
const options = { limit: 5, types: ['essay', 'glossary'] };

const TUNING = 'ask-eval.json';
/**
 * The fit's objective, per set: share of unanswerable questions declined less this many times the
 * share of answerable ones declined. With about 36 unanswerable and 165 answerable questions a set,
 * one unanswerable question declined is worth about one and a half answerable ones.
 */
const FALSE_DECLINE_COST = 3;

// How the scorers name a source, and compare it with a set's expectations (quotes made straight).
const { isExpected, contentSections } = await import('../test/support/ask-blind.ts');
const sections = contentSections();

/** @typedef {{ set: string; q: string; unanswerable: boolean; right: boolean; answered: boolean; evidence: any }} Row */
/** @type {Row[]} */
const rows = [];
for (const set of [TUNING, ...DEVELOPMENT_SETS]) {
  const parsed = JSON.parse(readFileSync(path.join(root, 'test/fixtures', set), 'utf8'));
  for (const question of Array.isArray(parsed) ? parsed : parsed.questions) {
    const { result, evidence } = index.explain(question.q, options);
    const unanswerable = question.expect === null;
    const first = result.sources[0];
    rows.push({
      set,
      q: question.q,
      unanswerable,
      right: !unanswerable && first !== undefined && isExpected(question.expect, first, sections),
      answered: result.answer !== null,
      evidence,
    });
  }
}
if (process.env['ASK_DECLINE_ROWS']) for (const row of rows) console.log(JSON.stringify(row));

/**
 * Whether a question is answered under a calibration: as searched when its decision was made by a
 * rule before the evidence (live data, a name the content never uses, a comparison).
 * @param {Row} row @param {any} calibration
 */
const answeredUnder = (row, calibration) => (row.evidence ? !declines(row.evidence, calibration) : row.answered);

/** @param {readonly Row[]} of @param {any} calibration */
function tally(of, calibration) {
  const unanswerable = of.filter((row) => row.unanswerable);
  const answerable = of.filter((row) => !row.unanswerable);
  const declined = unanswerable.filter((row) => !answeredUnder(row, calibration)).length;
  const falseDeclines = answerable.filter((row) => !answeredUnder(row, calibration)).length;
  const rightDeclined = answerable.filter((row) => row.right && !answeredUnder(row, calibration)).length;
  return {
    declined,
    unanswerable: unanswerable.length,
    falseDeclines,
    answerable: answerable.length,
    rightDeclined,
    objective: declined / unanswerable.length - (FALSE_DECLINE_COST * falseDeclines) / answerable.length,
  };
}

/** @param {ReturnType<typeof tally>} t */
const format = (t) =>
  `unanswerable declined ${t.declined}/${t.unanswerable}, answerable declined ${((100 * t.falseDeclines) / t.answerable).toFixed(1)} % ` +
  `(${t.falseDeclines}, ${t.rightDeclined} of them ranked right first)`;

/** @type {Array<typeof DECLINE_CALIBRATION>} */
const grid = [];
for (const minConfidence of [0.45, 0.5, 0.55])
  // agreedConfidence at minConfidence: no passage is answered for agreement alone.
  for (const agreedConfidence of [0.25, 0.3, 0.35, 0.4, minConfidence])
    for (const agreedSimilarity of [0.35, 0.4, 0.45])
      // (A search reads phrases from decline.ts's phrasedConfidence up only: lower values fit nothing.)
      for (const phrasedConfidence of [0.35, 0.4, 0.45, minConfidence])
        for (const namesOverruled of [0.7, 0.75, 0.8, 0.9, 1.01])
          for (const offDomainConfidence of [0, 0.6, 0.65, 0.7, 0.75, 0.8])
            for (const domainEvidence of offDomainConfidence === 0 ? [0] : [0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5])
              // coveredSimilarity above 1: no passage is answered for speaking every domain word alone.
              for (const coveredSimilarity of [0, 0.1, 0.2, 1.01])
                // (A situation's own bar, situatedCovered and situatedConfidence, is not refitted here.)
                grid.push({
                  ...DECLINE_CALIBRATION,
                  minConfidence,
                  agreedConfidence,
                  agreedSimilarity,
                  phrasedConfidence,
                  coveredSimilarity,
                  namesOverruled,
                  offDomainConfidence,
                  domainEvidence,
                });

/**
 * The calibration of the grid with the best summed objective on some sets, among those that keep
 * the tuning set whole (every decline declined, no answerable question declined that is not now).
 * Ties go to the one nearest the grid's start (the most lenient).
 * @param {readonly string[]} sets
 */
function fit(sets) {
  const tuning = rows.filter((row) => row.set === TUNING);
  const today = tally(tuning, DECLINE_CALIBRATION);
  let best;
  let bestObjective = -Infinity;
  for (const calibration of grid) {
    const onTuning = tally(tuning, calibration);
    if (onTuning.declined < onTuning.unanswerable || onTuning.falseDeclines > today.falseDeclines) continue;
    const objective = sets.reduce(
      (sum, set) =>
        sum +
        tally(
          rows.filter((row) => row.set === set),
          calibration,
        ).objective,
      0,
    );
    if (objective > bestObjective + 1e-9) [best, bestObjective] = [calibration, objective];
  }
  return best;
}

console.log(`calibration in decline.ts: ${JSON.stringify(DECLINE_CALIBRATION)}`);
for (const set of [TUNING, ...DEVELOPMENT_SETS])
  console.log(
    `  ${set.padEnd(28)} ${format(
      tally(
        rows.filter((row) => row.set === set),
        DECLINE_CALIBRATION,
      ),
    )}`,
  );
const all = fit(DEVELOPMENT_SETS);
console.log(`\nfitted on the development sets: ${JSON.stringify(all)}`);
for (const set of [TUNING, ...DEVELOPMENT_SETS])
  console.log(
    `  ${set.padEnd(28)} ${format(
      tally(
        rows.filter((row) => row.set === set),
        all,
      ),
    )}`,
  );
console.log('\nheld out in turn (fitted on the tuning set and the others):');
for (const held of DEVELOPMENT_SETS) {
  const calibration = fit(DEVELOPMENT_SETS.filter((set) => set !== held));
  console.log(`  ${held.padEnd(28)} ${JSON.stringify(calibration)}`);
  console.log(
    `  ${''.padEnd(28)} ${format(
      tally(
        rows.filter((row) => row.set === held),
        calibration,
      ),
    )}`,
  );
}
