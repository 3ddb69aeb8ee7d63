// Questions that ask what a thing they describe is called ("what do you call it when …"), and
// whether such a question writes itself the name of the glossary term that leads (decline.ts).
import { rawWords } from './text.ts';

/**
 * Words that ask for a thing's name: "what do you call it when …", "what's that called", "is there
 * a term for …", "the proper name for …". "The name of …" is not among them: it asks for a product
 * or a person ("the name of that privacy coin"), not for a term.
 */
export const ASKS_NAME =
  /\bwhat\s+(?:do|would|does|did|should)\s+(?:you|we|people|they|i|one|u)\s+call\b|\bcalled(?:\s+when\b|\s*[?.!]*$)|\b(?:an?|any|the|some)\s+(?:(?:proper|technical|official|correct|right|actual|real|formal|specific|standard|usual|common)\s+)?(?:name|term|word)\s+for\b/i;

/**
 * "What's the name of …" and "what's that … that …" ask what a thing is called too, a product's or a
 * person's as well as a term's.
 */
const ASKS_NAME_OF = /\bthe\s+name\s+of\b|\bwhat['’]?s\s+that\b/i;
/** The most words in a row looked up as a name the glossary knows ("zero-knowledge proof", "OP Stack"). */
const NAME_WORDS = 4;

/**
 * Whether a question asking what a thing it describes is called (ASKS_NAME, ASKS_NAME_OF) writes
 * itself a name of the glossary term that leads, its title or an alias as written ("an NFT artist",
 * "the OP Stack idea of …", "that layer 2 that pays a yield on ETH"): the asker knows that name, so
 * the term is what the thing belongs to, not what it is called, and the content names nothing else
 * for it. ask-dev5, ask-dev6 and ask-dev7 one unanswerable question more declined each, no answerable
 * question of any set; a name that only shares a stem ("pegged" of depeg, "memorising" of
 * overfitting) declined four answerable ones.
 */
export function namesItsAnswer(
  asked: string,
  lead: { type: string; slug: string },
  slugsNamed: (name: string) => readonly string[],
): boolean {
  if (lead.type !== 'glossary' || !(ASKS_NAME.test(asked) || ASKS_NAME_OF.test(asked))) return false;
  const written = rawWords(asked);
  for (let from = 0; from < written.length; from += 1)
    for (let to = from + 1; to <= Math.min(written.length, from + NAME_WORDS); to += 1)
      if (slugsNamed(written.slice(from, to).join(' ')).includes(lead.slug)) return true;
  return false;
}
