// The shapes of an ask: what a search takes and answers, and the serialised index it loads.
import type { AskDocumentType, AskPassage } from './ask-documents.ts';
import type { SerialisedVectors } from './semantic.ts';

/** A source's excerpt: plain text, with [start, end) UTF-16 ranges of the words that matched. */
export interface Excerpt {
  snippet: string;
  highlights: Array<[number, number]>;
}

export interface AskSource extends Excerpt {
  type: AskDocumentType;
  slug: string;
  title: string;
  section: string | null;
  url: string;
  markdownUrl: string;
  score: number;
}

export interface AnswerPassage {
  /** Plain text quoted from the source (extractive, never generated). */
  text: string;
  type: AskDocumentType;
  slug: string;
  title: string;
  section: string | null;
  url: string;
}

export interface AskAnswer extends AnswerPassage {
  /** One passage, or one per side of a comparison; `text` joins theirs with a blank line. */
  passages: AnswerPassage[];
}

export interface AskResult {
  query: string;
  /** The question as searched when words the content never uses were read as typos ("Showing results for"); else null. */
  searched_for: string | null;
  answer: AskAnswer | null;
  /** How much of the question the answer's passage covers, 0 to 1 (see MIN_CONFIDENCE). */
  confidence: number;
  /** Why `answer` is null; null when there is an answer. */
  no_answer_reason: string | null;
  sources: AskSource[];
  total: number;
  took_ms: number;
}

export interface AskOptions {
  limit: number;
  types: readonly AskDocumentType[];
}

export interface SerialisedAskIndex {
  passages: AskPassage[];
  /** Each glossary term's names (term and aliases): definitional lookups and synonyms. */
  names: Array<{ slug: string; names: string[] }>;
  /** Term → flat [passage, weighted frequency, …], passages ascending. */
  postings: Record<string, number[]>;
  /** Indexed terms in each passage's text. */
  lengths: number[];
  /** Common English words the speller must not correct into the content's words (index-build.ts). */
  commonWords: string[];
  /** Word vectors for questions' words (semantic.ts); absent, the index ranks by words alone. */
  vectors?: SerialisedVectors;
  /** Index terms of everyday English words (SCOWL) that neither the word vectors nor the content have, space-separated. */
  everydayTerms?: string;
  /** Base64 signed bytes: each passage's semantic vector, DIMENSIONS per passage. */
  passageVectors?: string;
  /** The mean the passages' vectors were centred on, for centring questions' (semantic.ts). */
  semanticMean?: number[];
  /** Questions readers asked that nothing in the content answers (reader-questions.ts, asked-before.ts). */
  unanswered?: string[];
}
