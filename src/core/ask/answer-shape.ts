// What a search hands back, shaped from passages: a source (the passage's page, with a snippet around
// the question's words) and the extractive answer (a definition whole, another passage's best
// sentences; one passage per side of a comparison).
import type { AskPassage } from './ask-documents.ts';
import type { AnswerPassage, AskAnswer, AskSource } from './ask-types.ts';
import { excerpt } from './excerpts.ts';
import { OUT_OF_SCOPE, type OutOfScope } from './question.ts';
import type { Plan } from './query-plan.ts';

const ANSWER_MAX_WORDS = 90;
const ANSWER_MAX_SENTENCES = 3;
const SNIPPET_MAX_WORDS = 40;

export const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

export function sourceOf(passage: AskPassage, plan: Plan, score: number): AskSource {
  return {
    type: passage.type,
    slug: passage.slug,
    title: passage.title,
    section: passage.section,
    url: passage.url,
    markdownUrl: passage.markdownUrl,
    ...excerpt(passage, plan, SNIPPET_MAX_WORDS, 2),
    score: round(score),
  };
}

export function answerOf(chosen: ReadonlyArray<{ passage: AskPassage; plan: Plan }>): AskAnswer {
  const passages = chosen.map(({ passage, plan }): AnswerPassage => {
    const text =
      passage.kind === 'definition'
        ? passage.text
        : excerpt(passage, plan, ANSWER_MAX_WORDS, ANSWER_MAX_SENTENCES, false).snippet;
    const { type, slug, title, section, url } = passage;
    return { text, type, slug, title, section, url };
  });
  const [first] = passages as [AnswerPassage, ...AnswerPassage[]];
  return { ...first, text: passages.map((passage) => passage.text).join('\n\n'), passages };
}

const quoted = (items: readonly string[]) => items.map((item) => `“${item}”`).join(', ');

/** Why there is no answer, in one sentence: declined, about something never mentioned, or not covered. */
export function noAnswerReason(why: {
  found: boolean;
  missing: readonly string[];
  declined: OutOfScope | undefined;
  unknown: readonly string[];
}): string {
  if (why.declined) return OUT_OF_SCOPE[why.declined].reason;
  if (why.unknown.length > 0)
    return `No answer: the essays and glossary never mention ${quoted(why.unknown)}. The nearest sources are listed.`;
  if (!why.found) return 'Nothing in the essays or glossary matches the question.';
  const what =
    why.missing.length > 0 ? `nothing here speaks to ${quoted(why.missing)}` : 'no passage answers it closely';
  return `No confident answer: ${what}. The nearest sources are listed.`;
}
