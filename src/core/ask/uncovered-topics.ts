// Ideas of the field that the essays and glossary do not cover, as readers describe them without
// their names: "make an already-trained model forget one person's data" (machine unlearning), "those
// services that pool people's coins to hide who paid whom" (mixers). Their words are everyday words
// the content uses elsewhere ("forget", "pool", "hide"), so every lexical and semantic signal finds
// a passage that seems to answer; outside writers asked such questions in every set (the same four
// ideas in two to four sets each). A topic is recognised by all of its word families in the asking
// part, or by one of its names; it declines only while the content writes none of its names
// (ask-index.ts checks), so an essay that comes to cover it switches it off.
import { AI_TOPICS } from './uncovered-ai-topics.ts';
import { MODEL_TOPICS } from './uncovered-model-topics.ts';
import { MONEY_TOPICS } from './uncovered-money-topics.ts';
import { TRADING_TOPICS } from './uncovered-trading-topics.ts';
import type { UncoveredTopic } from './uncovered-topic.ts';

/** The ideas the content does not cover, of its two fields and of the markets around them. */
const UNCOVERED_TOPICS: readonly UncoveredTopic[] = [...AI_TOPICS, ...MODEL_TOPICS, ...MONEY_TOPICS, ...TRADING_TOPICS];

/** A topic's names as written in a question: whole words, spaced or hyphenated, with a plural or "-ing" ending. */
const NAMED = new Map(
  UNCOVERED_TOPICS.map((topic) => [
    topic,
    new RegExp(
      String.raw`\b(?:${topic.names.map((name) => name.split(/[- ]/).join('[- ]')).join('|')})(?:s|es|ing)?\b`,
    ),
  ]),
);

/** Words from a sentence's start within which a name is what the sentence asks about. */
const SUBJECT_WORDS = 8;

/** An uncovered topic a question asks about, and the words its description was read from. */
export interface AskedTopic {
  topic: UncoveredTopic;
  /** The parts of the question that matched the topic's word families; none when it was named. */
  described: string[];
}

/**
 * The uncovered topic a question asks about: by one of its names near the start of a sentence ("how
 * do ring signatures hide the signer", "is play to earn sustainable": each word is the content's, so
 * no other rule reads it as a name the content lacks; not "… transactions tied to a sanctioned coin
 * mixer", which asks about the transactions), or described, each of its word families present.
 * `whole`: the text is a story's whole message, read for the topics that may be told in it only.
 */
export function describedTopic(asking: string, whole = false): AskedTopic | undefined {
  const text = asking.toLowerCase().replace(/[’‘]/g, "'");
  const openings = text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.split(/\s+/).slice(0, SUBJECT_WORDS).join(' '));
  for (const topic of UNCOVERED_TOPICS) {
    if ((whole && topic.whole !== true) || topic.unless?.test(text)) continue;
    if (openings.some((opening) => NAMED.get(topic)!.test(opening))) return { topic, described: [] };
    const described = topic.asks.map((family) => family.exec(text)?.[0]);
    if (described.every((part) => part !== undefined)) return { topic, described: described as string[] };
  }
  return undefined;
}
