// What a question asks: its intent (a definition, an explanation, a comparison, or plain keywords),
// its subject or the two sides being compared, quoted phrases, and the words that carry meaning.
import { words } from './text.ts';

export type QuestionIntent = 'definition' | 'explanation' | 'comparison' | 'keywords';

export interface Question {
  /** Whitespace-normalised, as asked. */
  text: string;
  intent: QuestionIntent;
  /** A definition's subject ("zk rollup") and its head ("hallucination in LLMs" → "hallucination"). */
  subject?: { full: string; head: string };
  /** The two things a comparison sets side by side. */
  sides?: [string, string];
  /** Quoted phrases, as lowercased word sequences. */
  phrases: string[];
  /** The question without its question words, case kept (acronyms depend on it). */
  content: string;
}

/** "what is a zk rollup?" → "zk rollup". */
const DEFINITION_PREFIX =
  /^(?:(?:what|who)\s+(?:is|are|was|were)|what'?s|define|definition\s+of|meaning\s+of|explain|describe|tell\s+me\s+about)\s+(?:an?\s+|the\s+)?/i;
/** "what does MEV stand for" → "MEV". */
const STANDS_FOR = /^what\s+(?:does|do)\s+(?:an?\s+|the\s+)?(.+?)\s+(?:stand\s+for|mean)$/i;
/** Definitions that are really requests for an explanation: "what is X used for", "what is the point of X". */
const NOT_A_DEFINITION = /\b(?:used\s+for|good\s+for|the\s+point\s+of|the\s+problem|the\s+risk|the\s+difference)\b/i;

const COMPARISONS: RegExp[] = [
  /\bdifferences?\s+between\s+(.+?)\s+and\s+(.+)$/i,
  /\bcompare\s+(.+?)\s+(?:and|with|to|against)\s+(.+)$/i,
  /\bhow\s+(?:do|does|is|are)\s+(.+?)\s+differ(?:ent)?\s+from\s+(.+)$/i,
  /\bhow\s+(?:do|does|are)\s+(.+?)\s+and\s+(.+?)\s+differ$/i,
  /^(?:(?:what|which)\s+(?:is|are)\s+)?(.+?)\s+(?:vs\.?|versus|compared\s+(?:to|with))\s+(.+)$/i,
];
/** Words that say what kind of question it is, not what it is about. */
const QUESTION_WORDS =
  /\b(?:differences?|differ(?:s|ent)?|compare[ds]?|comparison|versus|vs|between|explain|describe|define|definition|meaning|mean|means|stand\s+for|tell|please)\b/gi;
const EXPLANATION_START =
  /^(?:why|how|can|could|does|do|did|is|are|should|would|will|when|where|which|what\s+(?:happens|happened|causes|caused|makes|problem|problems|risks?|limits?))\b/i;

const trimQuestion = (text: string) => text.replace(/[?!.\s]+$/, '');
const stripArticle = (text: string) => text.replace(/^(?:an?|the)\s+/i, '').trim();

function comparisonSides(text: string): [string, string] | undefined {
  for (const pattern of COMPARISONS) {
    const match = pattern.exec(text);
    const sides = [match?.[1], match?.[2]].map((side) => stripArticle(side ?? ''));
    if (sides[0] && sides[1] && words(sides[0]).length > 0 && words(sides[1]).length > 0) return [sides[0], sides[1]];
  }
  return undefined;
}

export function parseQuestion(asked: string): Question {
  const normalised = asked.trim().replace(/\s+/g, ' ');
  // A question typed all in capitals says nothing about acronyms.
  const text = /\p{Ll}/u.test(normalised) ? normalised : normalised.toLowerCase();
  const phrases = [...text.matchAll(/"([^"]+)"/g)].map((match) => words(match[1] ?? '').join(' ')).filter(Boolean);
  const bare = trimQuestion(text.replace(/"/g, ' ').replace(/\s+/g, ' ').trim());
  const content = bare.replace(QUESTION_WORDS, ' ').replace(/\s+/g, ' ').trim();

  const sides = comparisonSides(bare);
  if (sides) return { text: normalised, intent: 'comparison', sides, phrases, content };

  const standsFor = STANDS_FOR.exec(bare)?.[1];
  const defined =
    standsFor ??
    (DEFINITION_PREFIX.test(bare) && !NOT_A_DEFINITION.test(bare) ? bare.replace(DEFINITION_PREFIX, '') : '');
  if (defined) {
    const head = defined.split(/\s+(?:in|of|for|on|with|within|inside|used\s+in)\s+/i)[0] ?? defined;
    return { text: normalised, intent: 'definition', subject: { full: defined, head }, phrases, content };
  }
  const intent = EXPLANATION_START.test(bare) || /^what\b/i.test(bare) ? 'explanation' : 'keywords';
  return { text: normalised, intent, phrases, content };
}
