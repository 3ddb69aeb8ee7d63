// Words a question asks about that the content never uses in any form (unknown-terms.ts): what a
// figure question measures, and a definition's subject of one word. Either is what is asked, so
// the question is declined however well its other words match.
import { askedSentence, nameWords } from './name-shapes.ts';
import type { Plan } from './query-plan.ts';
import type { Question } from './question.ts';
import { derivedWords, indexTerm } from './text.ts';

/** The index's posting lists: which terms the content uses. */
type Postings = ReadonlyMap<string, readonly number[]>;

/** The word a figure question measures: "how much carbon …", "how many bones …". */
const MEASURED = /\bhow\s+(?:much|many)\s+(\p{L}+)\b/iu;

/**
 * What a figure question measures ("how much carbon dioxide …", "how many bones …") in a word the
 * content never uses in any form: it states no figure of it, whatever the rest of the question
 * matches ("… emitted by training GPT-4" met the GPT page). Everyday English counts here, unlike
 * among a question's other words: it is what the figure is of. ask-dev5 one unanswerable question
 * more declined; every other question so measured in the sets was unanswerable and declined already.
 */
export function unknownMeasure(question: Question, postings: Postings): string[] {
  const measured = MEASURED.exec(askedSentence(question.content))?.[1];
  const unused = (word: string) => {
    const term = indexTerm(word);
    return term !== null && !postings.has(term);
  };
  return measured && unused(measured) && derivedWords(measured).every(unused) ? [measured] : [];
}

/**
 * A definition's subject (`head`) of one word that the content never uses in any form, nor as a
 * typo of a word it does, and that is no everyday English as written (`general`; "nullifier" is
 * made from "nullify"): "what is a nullifier in a zero-knowledge privacy protocol" asks what a
 * nullifier is, and where it is used only places it (ask-dev78).
 */
export function unknownOneWordSubject(
  plan: Plan,
  question: Question,
  head: string | undefined,
  postings: Postings,
  general: (word: string) => boolean | undefined,
): string[] {
  if (question.intent !== 'definition') return [];
  const written = nameWords(head ?? '');
  const word = written[0];
  if (written.length !== 1 || word === undefined || general(word) !== false) return [];
  const used = (form: string) => postings.has(indexTerm(form) ?? '');
  if (used(word) || derivedWords(word).some(used)) return [];
  const concept = plan.concepts.find((each) => each.asked.includes(word));
  const heard = concept?.alternatives.some((alternative) => alternative.some((term) => postings.has(term)));
  return heard === false ? [word] : [];
}

/** The shortest joined last words (index term) read as a family's: "ofthought", not "ofa". */
const MIN_TAIL = 5;

/**
 * Whether a compound of three words or more that the content never writes, "… of …", has last
 * words the content writes joined after another first word: beside "chain-of-thought", a
 * "tree-of-thoughts" is another kind than the one it covers, however well "thoughts" matches (a new
 * set, 2 December). Not a ratio: "tokens-per-parameter" beside "bytes-per-parameter" asks of the
 * same thing.
 */
export function otherFirstWord(compound: string, postings: Postings): boolean {
  const [, of, ...rest] = compound.toLowerCase().split('-');
  const tail = of === 'of' ? indexTerm(`of${rest.join('')}`) : null;
  if (!tail || tail.length < MIN_TAIL) return false;
  for (const term of postings.keys()) if (term.length > tail.length && term.endsWith(tail)) return true;
  return false;
}
