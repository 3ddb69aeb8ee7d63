// Where a glossary term lives at length: the essay section headed by its name (its home), which may
// lead a question on the term that asks more than the term says (lead-rerank.ts, LeadFeatures.home),
// and a section whose heading names the term and more (LeadFeatures.treats). Out of lead-rerank.ts,
// which neared the 450-line limit.
import type { AskedKind } from './answer-kind.ts';
import type { AskPassage } from './ask-documents.ts';
import { terms } from './text.ts';

/**
 * The share of the question beyond the terms a home section must speak to (LeadFeatures.home).
 * Without the two other conditions (a kind asked, more than the term's share), the home moved
 * wrapped questions off the term their plain form led with ("folks, stablecoins backed by dollars
 * in a bank?", "quick one: explain proof of stake?"): 15/318/159/428 changed to 18/320/164/430
 * (bench/ask-wrappers.mjs, each family). With them, at 0.2 and weight 0.4, right first on ask-dev2
 * and ask-dev3 one more each and ask-dev4 two, no wrapper moved; at 0.15 or at weight 0.5, wrappers move.
 */
const HOME_BEYOND = 0.2;

/**
 * Whether a section is the home of the fused lead (LeadFeatures.home), given the lead's share beyond
 * the terms. Only a what-is question not told amid its circumstances (`situated`) may be led by
 * the home without asking more than the term besides.
 */
export function isHome(
  kind: AskedKind,
  section: AskPassage,
  share: number,
  lead: AskPassage | undefined,
  leadShare: number,
  situated: boolean,
) {
  const beyond = share >= HOME_BEYOND && share > leadShare;
  return (
    kind !== 'other' &&
    lead !== undefined &&
    (beyond || (kind === 'definition' && !situated)) &&
    headedBy(section, lead)
  );
}

/** Whether a passage is an essay's introduction, its text before the first heading (LeadFeatures.opening). */
export const isOpening = (passage: AskPassage) => passage.type === 'essay' && passage.section === null;

/** Whether two passages are sections of one essay. */
export const sameEssay = (passage: AskPassage, other: AskPassage | undefined) =>
  passage.type === 'essay' && other?.type === 'essay' && other.slug === passage.slug;

/** Whether a section's heading starts with one of a glossary term's names (all its words, in any order). */
export function headedBy(section: AskPassage, term: AskPassage): boolean {
  if (section.type !== 'essay' || section.section === null || term.type !== 'glossary') return false;
  const heading = terms(section.section);
  return term.names.some((name) => {
    const named = terms(name);
    const start = heading.slice(0, named.length);
    return named.length > 0 && named.every((word) => start.includes(word));
  });
}

/**
 * Whether a section's heading names a glossary term (all the words of one of its names, anywhere)
 * and more besides: a heading that is only the name ("Direct preference optimization") is the term
 * at length, and the term's own page led "how is DPO simpler than RLHF" rightly (ask-dev).
 */
export function treatedIn(section: AskPassage, term: AskPassage | undefined): boolean {
  if (section.type !== 'essay' || section.section === null || term?.type !== 'glossary') return false;
  const heading = new Set(terms(section.section));
  return term.names.some((name) => {
    const named = new Set(terms(name));
    return named.size > 0 && [...named].every((word) => heading.has(word)) && heading.size > named.size;
  });
}
