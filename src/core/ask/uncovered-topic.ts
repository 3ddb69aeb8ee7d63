// An idea of the field the content does not cover, as uncovered-topics.ts reads questions for it;
// the ideas themselves are listed by field in uncovered-ai-topics.ts, uncovered-model-topics.ts,
// uncovered-money-topics.ts and uncovered-trading-topics.ts.

/** An idea the content does not cover: its name for the reason, its names as content would write them, and how it is asked. */
export interface UncoveredTopic {
  name: string;
  /** Names the content would write if it covered the idea, as lowercase phrases. */
  names: readonly string[];
  /** Word families that all occur in a question describing the idea. */
  asks: readonly RegExp[];
  /**
   * Whether a story's circumstances describe it as well as its question part ("… ran his essay
   * through an AI-writing detector …. How accurate are those?"): words that say nothing else.
   */
  whole?: boolean;
  /** Words that say a question with the topic's words asks what the content covers instead. */
  unless?: RegExp;
  /**
   * Whether the description is a way of asking about whatever the question names ("replace an owner
   * in the Safe app"), so that a name the glossary knows outside it tells no other subject.
   */
  aroundNames?: boolean;
}
