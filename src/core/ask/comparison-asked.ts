// Whether a comparison asks something of its sides beyond naming them ("ERC-721 vs ERC-1155: when
// would I use which"): comparison.ts then lets an essay section that discusses both lead.
import type { Plan } from './query-plan.ts';
import { CLAUSE_BREAK, type Question } from './question.ts';
import { escapePattern } from './text.ts';

/** The question words that open what a comparison asks ("how do withdrawal times compare …"). */
const ASKING = /\b(?:how|what|which|why|when|where|who)\b/gi;

/**
 * Whether a comparison asks of its sides something beyond them: a concept none of the sides' words,
 * said from the first side, or from a question word before it in its clause ("How do withdrawal times
 * compare between …"), to the question mark. What comes before is otherwise talk or circumstance
 * ("I've been reading about this for weeks …: X vs Y? be honest"), not asked of the two.
 */
export function asksBeyond(plan: Plan, question: Question, sides: ReadonlyArray<{ plan: Plan }>): boolean {
  const text = question.text.toLowerCase();
  const side = Math.max(0, text.indexOf(question.sides?.[0]?.toLowerCase() ?? ''));
  const clause = text.slice(0, side).split(CLAUSE_BREAK).at(-1) ?? '';
  const asking = [...clause.matchAll(ASKING)].at(-1);
  const from = asking ? side - clause.length + asking.index : side;
  const end = text.indexOf('?', from);
  const said = new Set(text.slice(from, end < 0 ? undefined : end).split(/[^\p{L}\p{N}'-]+/u));
  const named = new Set(sides.flatMap((side) => side.plan.concepts.flatMap((concept) => concept.alternatives.flat())));
  return plan.concepts.some(
    (concept) =>
      concept.asked.every((word) => said.has(word.toLowerCase())) &&
      !concept.alternatives.some((terms) => terms.some((term) => named.has(term))),
  );
}

/**
 * Which of two sides ranks higher on a measure of worth: "which is faster and cheaper", "which has
 * lower fees", "is X better than Y for coding", or which to choose ("which vector database should I
 * use": ask-dev21; "PyTorch vs JAX for training a transformer": ask-dev20, ask-dev23). Not how they
 * differ or what each does.
 */
const ASKS_RANKING =
  /\b(?:which|is|are)\b[^?]*\b(?:better|best|worse|cheaper|faster|slower|safer|easier|smarter|stronger|(?:lower|higher)\s+(?:fees?|costs?|prices?|latency)|more\s+(?:popular|reliable|secure|accurate))\b|\bwhich\b[^?]*\bshould\s+(?:i|we)\s+(?:use|pick|choose|go\s+with)\b|^[^?:]*\b(?:vs\.?|versus)\s[^?:]*\bfor\s+\w+ing\b/i;

/** A side written as a name, every word with a capital or a digit: "Claude", "zkSync Era", "PyTorch". */
const WRITTEN_AS_NAME = /^(?:\S*[\p{Lu}\p{N}]\S*)(?:\s+\S*[\p{Lu}\p{N}]\S*)*$/u;

/** A side as a whole phrase in any case ("Claude" for "claude"): not inside a longer word or compound. */
const wholePhrase = (side: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}-])${escapePattern(side)}(?![\\p{L}\\p{N}-])`, 'giu');

/**
 * How passages write a side asked: in small letters ("Standard Attention" as "standard attention": a
 * kind of thing, no name), or only with capitals ("claude" as "Claude": a name typed in small
 * letters, as chat is). Undefined when they do not write it.
 */
export function writtenCase(side: string, texts: readonly string[]): 'lowercase' | 'capitalised' | undefined {
  const pattern = wholePhrase(side);
  const found = texts.flatMap((text) => text.match(pattern) ?? []);
  if (found.length === 0) return undefined;
  return found.some((written) => written === written.toLowerCase()) ? 'lowercase' : 'capitalised';
}

/**
 * Whether a comparison ranks two names ("Solana vs Avalanche: which one is faster", "is Claude
 * better than ChatGPT for coding", "is claude or gemini better" when the content writes them with
 * capitals: `texts`): if the content never explains one of them (no term of its own, no heading),
 * ranking them is a verdict it does not give, and passages that name one in a list ("examples
 * include zkSync Era, Starknet, …") do not weigh it against the other (comparison.ts).
 */
export function ranksNames(question: Question, texts: readonly string[]): boolean {
  const sides = question.sides ?? [];
  const named = (side: string) =>
    WRITTEN_AS_NAME.test(side) || (side === side.toLowerCase() && writtenCase(side, texts) === 'capitalised');
  return ASKS_RANKING.test(question.text) && sides.length === 2 && sides.every(named);
}
