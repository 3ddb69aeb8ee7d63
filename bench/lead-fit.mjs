// @ts-check
// How the fitting scripts of a lead (ask-rerank-fit.mjs, ask-comparison-fit.mjs) score a choice of
// lead over the questions they recorded: each question's candidates with their features and whether
// each is a source it expects (`rights`), or, where no candidates were recorded, whether today's
// lead is right (`fixed`).

/**
 * @typedef {{ fixed: boolean; features?: any[]; rights?: boolean[] }} RecordedLead
 * @typedef {(features: any[], weights: any) => number} LeadChooser
 */

/**
 * The scores of a chooser (the place of the candidate that leads under some weights):
 * `firsts`, right sources first; `objective`, the leads it makes right less those it makes wrong,
 * less `changeCost` for each change that stays wrong (a change that gains nothing is a guess, and
 * guesses are fitted noise).
 * @param {LeadChooser} leadOf
 * @param {number} changeCost
 */
export function leadScores(leadOf, changeCost) {
  /** @param {RecordedLead[]} set @param {any} weights */
  const firsts = (set, weights) => {
    let right = 0;
    for (const question of set)
      if (question.features && question.rights) right += question.rights[leadOf(question.features, weights)] ? 1 : 0;
      else right += question.fixed ? 1 : 0;
    return right;
  };
  /** @param {RecordedLead[]} set @param {any} weights */
  const objective = (set, weights) => {
    let score = 0;
    for (const question of set) {
      if (!question.features || !question.rights) continue;
      const lead = leadOf(question.features, weights);
      if (lead === 0) continue;
      score +=
        (question.rights[lead] ? 1 : 0) - (question.rights[0] ? 1 : 0) - (question.rights[lead] ? 0 : changeCost);
    }
    return score;
  };
  return { firsts, objective };
}
