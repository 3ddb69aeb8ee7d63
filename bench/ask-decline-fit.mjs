// @ts-check
// Fits the ask index's decline decision (src/core/ask/decline.ts, DECLINE_CALIBRATION): every
// question of the tuning set and every development set (bench/ask-docs.mjs) is searched once
// and the evidence its decision read is kept, with whether its source is right first and whether
// its answer would hold a key fact if it were answered (searched a second time with a calibration
// that declines on no threshold). Then each calibration of a grid is scored on that evidence
// (declining changes no ranking, so this is exact), per set, and with each development set held
// out in turn: fitted on the tuning set and the others, scored on the one held out. Two grids:
// the thresholds of the older rules (confidence, agreement, phrase, names, off-domain, coverage),
// and apart from them the bar at which meaning ranking a passage among the nearest vouches for it
// (rankedNearShare, rankedNearSimilarity), and the off-domain bar of a question asking how or why
// (explainedOffDomainConfidence). The blind set is never read.
// Run: node scripts/launch.mjs bench/ask-decline-fit.mjs
//   ASK_DECLINE_ROWS=1 prints the evidence per question (JSON lines) and stops;
//   ASK_DECLINE_CACHE=/tmp/file keeps the rows there and reads them back on the next run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importAskModules } from './load-ts.mjs';
import { root } from './lib.mjs';
import { ASK_OPTIONS as options, contentIndex, DEVELOPMENT_SETS } from './ask-docs.mjs';

// One bundle for the index and its calibration, so that the lenient search below changes the
// calibration the index reads.
const { AskIndex, DECLINE_CALIBRATION, declines } = await importAskModules('ask-decline-fit', [
  'ask-index.ts',
  'decline.ts',
]);

const TUNING = 'ask-eval.json';
const SETS = [TUNING, ...DEVELOPMENT_SETS];
/**
 * The fit's objective, per set: share of unanswerable questions declined less this many times the
 * share of answerable ones declined. With about 30 unanswerable and 170 answerable questions a set,
 * one unanswerable question declined is worth about four answerable ones: the rules of evidence let
 * no set answer more than one unanswerable question more. (At 3, two answerable ones, the meaning
 * bar fitted at 0.5 and 0.2 answers four unanswerable questions more for eleven answerable ones.)
 */
const FALSE_DECLINE_COST = 1.5;

/**
 * @typedef {{ set: string; q: string; kind: string; unanswerable: boolean; right: boolean; answered: boolean;
 *   fact: boolean; factIfAnswered: boolean; declinedElsewise: boolean; evidence: any }} Row
 */

/** @returns {Promise<Row[]>} */
async function searchAll() {
  const index = contentIndex(AskIndex);
  const { isExpected, contentSections, holdsFact } = await import('../test/support/ask-blind.ts');
  const sections = contentSections();
  const questions = SETS.flatMap((set) => {
    const parsed = JSON.parse(readFileSync(path.join(root, 'test/fixtures', set), 'utf8'));
    return (Array.isArray(parsed) ? parsed : parsed.questions).map((/** @type {any} */ question) => ({
      set,
      question,
    }));
  });
  const searched = questions.map(({ question }) => index.explain(question.q, options));
  // Once more with no threshold declining (the index reads DECLINE_CALIBRATION as it decides), for
  // the answer a declined question would have had. The phrase bar stays: it says when a phrase is read.
  // With no content's words needed (domainEvidence 0) nothing is off the domain: the evidence never
  // declines here, so a question still declined was declined by the self-naming check (namesItsAnswer).
  const kept = { ...DECLINE_CALIBRATION };
  Object.assign(DECLINE_CALIBRATION, {
    minConfidence: 0,
    namesOverruled: 0,
    offDomainConfidence: 0,
    domainEvidence: 0,
  });
  const lenient = questions.map(({ question }) => index.explain(question.q, options).result);
  Object.assign(DECLINE_CALIBRATION, kept);
  return questions.map(({ set, question }, at) => {
    const { result, evidence } = searched[at];
    const unanswerable = question.expect === null;
    const first = result.sources[0];
    const answered = result.answer !== null;
    const facts = question.facts ?? [];
    const ifAnswered = answered ? result.answer : lenient[at].answer;
    return {
      set,
      q: question.q,
      kind: question.kind ?? '',
      unanswerable,
      right: !unanswerable && first !== undefined && isExpected(question.expect, first, sections),
      answered,
      fact: answered && holdsFact(result.answer.text, facts),
      factIfAnswered: ifAnswered !== null && holdsFact(ifAnswered.text, facts),
      // Declined after the evidence answered (a term the question names itself: namesItsAnswer), or,
      // where the evidence declines, declined still when it answers (the lenient search).
      declinedElsewise: evidence !== undefined && !answered && (!declines(evidence) || lenient[at].answer === null),
      evidence,
    };
  });
}

const cache = process.env['ASK_DECLINE_CACHE'];
/** @type {Row[]} */
const rows = cache && existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8')) : await searchAll();
if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(rows));
if (process.env['ASK_DECLINE_ROWS']) {
  for (const row of rows) console.log(JSON.stringify(row));
  process.exit(0);
}

/**
 * Whether a question is answered under a calibration: as searched when its decision was made by a
 * rule before the evidence (live data, a name the content never uses, a comparison) or after it.
 * @param {Row} row @param {any} calibration
 */
const answeredUnder = (row, calibration) =>
  row.evidence ? !row.declinedElsewise && !declines(row.evidence, calibration) : row.answered;

/** @param {readonly Row[]} of @param {any} calibration */
function tally(of, calibration) {
  let unanswerable = 0;
  let answerable = 0;
  let declined = 0;
  let falseDeclines = 0;
  let facts = 0;
  for (const row of of) {
    const answered = answeredUnder(row, calibration);
    if (row.unanswerable) {
      unanswerable += 1;
      if (!answered) declined += 1;
    } else {
      answerable += 1;
      if (!answered) falseDeclines += 1;
      else if (row.factIfAnswered) facts += 1;
    }
  }
  return {
    declined,
    unanswerable,
    falseDeclines,
    answerable,
    facts,
    objective: declined / unanswerable - (FALSE_DECLINE_COST * falseDeclines) / answerable,
  };
}

/** @param {ReturnType<typeof tally>} t */
const format = (t) =>
  `unanswerable declined ${String(t.declined).padStart(2)}/${t.unanswerable}, answerable declined ` +
  `${String(t.falseDeclines).padStart(2)} (${((100 * t.falseDeclines) / t.answerable).toFixed(1).padStart(4)} %), key facts ${t.facts}`;

/** The older rules' thresholds. @type {Array<typeof DECLINE_CALIBRATION>} */
const olderGrid = [];
for (const minConfidence of [0.45, 0.5, 0.55])
  // agreedConfidence at minConfidence: no passage is answered for agreement alone.
  for (const agreedConfidence of [0.25, 0.3, 0.35, 0.4, minConfidence])
    for (const agreedSimilarity of [0.35, 0.4, 0.45])
      // (A search reads phrases from decline.ts's phrasedConfidence up only: lower values fit nothing.)
      for (const phrasedConfidence of [0.35, 0.4, 0.45, minConfidence])
        for (const namesOverruled of [0.7, 0.8, 0.9, 1.01])
          for (const offDomainConfidence of [0, 0.6, 0.65, 0.7, 0.75, 0.8])
            for (const domainEvidence of offDomainConfidence === 0 ? [0] : [0.1, 0.2, 0.3, 0.4])
              // coveredSimilarity above 1: no passage is answered for speaking every domain word alone.
              for (const coveredSimilarity of [0, 0.1, 0.2, 1.01])
                // (A situation's and a naming question's own bars are not refitted here.)
                olderGrid.push({
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
/** The meaning bar; a share above 1 answers nothing for it. @type {Array<typeof DECLINE_CALIBRATION>} */
const meaningGrid = [];
for (const rankedNearShare of [1.01, 1, 0.875, 0.75, 0.625, 0.5])
  for (const rankedNearSimilarity of [0.4, 0.35, 0.3, 0.25, 0.2])
    meaningGrid.push({ ...DECLINE_CALIBRATION, rankedNearShare, rankedNearSimilarity });

/**
 * The off-domain bar of a question asking how or why (explainedOffDomainConfidence); at
 * offDomainConfidence it is the bar of every other question, the rule as it was.
 * @type {Array<typeof DECLINE_CALIBRATION>}
 */
const explainedGrid = [0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4, 0].map((explainedOffDomainConfidence) => ({
  ...DECLINE_CALIBRATION,
  explainedOffDomainConfidence,
}));

const bySet = new Map(SETS.map((set) => [set, rows.filter((row) => row.set === set)]));
const tuningToday = tally(bySet.get(TUNING) ?? [], DECLINE_CALIBRATION);

/**
 * Each calibration's objective per development set, once: the fits only add them up. A calibration
 * that loses the tuning set (a decline, or an answerable question more declined) is out.
 * @param {Array<typeof DECLINE_CALIBRATION>} grid
 */
const objectivesOf = (grid) =>
  grid.map((calibration) => {
    const onTuning = tally(bySet.get(TUNING) ?? [], calibration);
    if (onTuning.declined < onTuning.unanswerable || onTuning.falseDeclines > tuningToday.falseDeclines)
      return undefined;
    return Float64Array.from(DEVELOPMENT_SETS, (set) => tally(bySet.get(set) ?? [], calibration).objective);
  });

/**
 * The calibration of a grid with the best summed objective on some development sets. Ties go to the
 * one nearest the grid's start (the most lenient, or for the meaning and explained bars the strictest).
 * @param {Array<typeof DECLINE_CALIBRATION>} grid @param {Array<Float64Array | undefined>} objectives
 * @param {readonly string[]} sets
 */
function fit(grid, objectives, sets) {
  const at = sets.map((set) => DEVELOPMENT_SETS.indexOf(set));
  let best = 0;
  let bestObjective = -Infinity;
  objectives.forEach((perSet, index) => {
    if (!perSet) return;
    const objective = at.reduce((sum, set) => sum + (perSet[set] ?? 0), 0);
    if (objective > bestObjective + 1e-9) [best, bestObjective] = [index, objective];
  });
  return grid[best];
}

/** The fields of a calibration that differ from decline.ts's. @param {any} calibration */
const changed = (calibration) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(calibration).filter(([key, value]) => DECLINE_CALIBRATION[key] !== value)),
  );

const add = (/** @type {any} */ into, /** @type {any} */ t) => {
  for (const key of ['declined', 'unanswerable', 'falseDeclines', 'answerable', 'facts']) into[key] += t[key];
};

/**
 * A reference calibration (today's, or the meaning bar off) and the refit, per development set
 * held out, then fitted on all of them.
 * @param {string} name @param {Array<typeof DECLINE_CALIBRATION>} grid @param {typeof DECLINE_CALIBRATION} reference
 */
function report(name, grid, reference) {
  const objectives = objectivesOf(grid);
  const sum = { today: tally([], reference), held: tally([], reference) };
  console.log(
    `\n${name}: each development set ${changed(reference) === '{}' ? 'today' : `at ${changed(reference)}`}, then held out (fitted on the tuning set and the others):`,
  );
  for (const held of DEVELOPMENT_SETS) {
    const calibration = fit(
      grid,
      objectives,
      DEVELOPMENT_SETS.filter((set) => set !== held),
    );
    const today = tally(bySet.get(held) ?? [], reference);
    const heldOut = tally(bySet.get(held) ?? [], calibration);
    add(sum.today, today);
    add(sum.held, heldOut);
    console.log(`  ${held.padEnd(28)} today    ${format(today)}`);
    console.log(`  ${''.padEnd(28)} held out ${format(heldOut)}  ${changed(calibration)}`);
  }
  console.log(`  ${'all sets'.padEnd(28)} today    ${format(sum.today)}`);
  console.log(`  ${''.padEnd(28)} held out ${format(sum.held)}`);
  const all = fit(grid, objectives, DEVELOPMENT_SETS);
  console.log(`fitted on all: ${changed(all)}`);
  for (const set of SETS) console.log(`  ${set.padEnd(28)} ${format(tally(bySet.get(set) ?? [], all))}`);
}

console.log(`calibration in decline.ts: ${JSON.stringify(DECLINE_CALIBRATION)}`);
console.log(`  ${TUNING.padEnd(28)} ${format(tuningToday)}`);
report('the older rules', olderGrid, DECLINE_CALIBRATION);
report('the meaning bar', meaningGrid, { ...DECLINE_CALIBRATION, rankedNearShare: 1.01 });
report('the explained off-domain bar', explainedGrid, {
  ...DECLINE_CALIBRATION,
  explainedOffDomainConfidence: DECLINE_CALIBRATION.offDomainConfidence,
});
