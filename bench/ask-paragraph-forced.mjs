// @ts-check
// For bench/ask-paragraph-fit.mjs only: stands in for src/core/ask/paragraph-choice.ts where the
// answer code imports it (bundled with forcedLeadPlugin), so the fitting script can make a chosen
// paragraph of a section lead its quote and read the answer; production code has no such override.
import { sectionLead as fittedLead } from '../src/core/ask/paragraph-choice.ts';

export * from '../src/core/ask/paragraph-choice.ts';

/**
 * Set by the fitting script: given a section's paragraphs, the lead and the runner-up to quote (their
 * places in the section), or undefined to keep the fitted choice.
 * @type {{ choose?: (paragraphs: readonly number[]) => readonly [number, number | undefined] | undefined }}
 */
export const forcedLead = {};

/** The fitted lead (sectionLead), or the one forcedLead chooses where the section has a lead at all. */
export function sectionLead(/** @type {Parameters<typeof fittedLead>} */ ...args) {
  const fitted = fittedLead(...args);
  return fitted && (forcedLead.choose?.(args[0]) ?? fitted);
}
