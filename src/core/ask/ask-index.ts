// Ranked full-text search over essay sections and glossary terms (MiniSearch: BM25+, prefix and
// fuzzy matching) with stemming, quoted-phrase filtering and extractive answers. The index is built
// at build time and loaded once at server start.
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import type { AskDocument } from './ask-documents.ts';
import { escapeHtml, indexTerm, terms, words } from './text.ts';

export type AskDocumentType = AskDocument['type'];

export interface AskSource {
  type: AskDocumentType;
  slug: string;
  title: string;
  url: string;
  markdownUrl: string;
  /** HTML-escaped excerpt; query terms wrapped in <mark>. Safe to insert as HTML. */
  snippet: string;
  score: number;
}

export interface AskAnswer {
  /** Plain text taken from the source (extractive, never generated). */
  text: string;
  type: AskDocumentType;
  slug: string;
  title: string;
  url: string;
}

export interface AskResult {
  query: string;
  answer: AskAnswer | null;
  sources: AskSource[];
  total: number;
  took_ms: number;
}

export interface AskOptions {
  limit: number;
  types: readonly AskDocumentType[];
}

export interface SerialisedAskIndex {
  documents: AskDocument[];
  index: unknown;
}

const MINISEARCH_OPTIONS: Options<AskDocument> = {
  idField: 'id',
  fields: ['title', 'aliases', 'text'],
  extractField: (document, field) => {
    const value = document[field as keyof AskDocument];
    return Array.isArray(value) ? value.join(' ') : String(value ?? '');
  },
  tokenize: (text) => words(text),
  processTerm: (term) => indexTerm(term),
};

/**
 * Search-as-you-type: only the last word of a question is matched as a prefix. Typos are forgiven
 * (fuzzy matching) only when nothing matches exactly: on every query it costs time and precision.
 */
const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 3, aliases: 3, text: 1 },
  prefix: (term, index, all) => index === all.length - 1 && term.length >= 3,
};
const FORGIVING: SearchOptions = { fuzzy: (term) => (term.length >= 5 ? 0.2 : false) };

/** "what is a zk rollup?" → "zk rollup": the subject of a definitional question. */
const DEFINITION_PREFIX =
  /^(?:(?:what|who)\s+(?:is|are|was|were)|what'?s|define|definition\s+of|meaning\s+of|explain|describe|tell\s+me\s+about)\s+(?:an?\s+|the\s+)?/i;
/** "what does MEV stand for" → "MEV". */
const STANDS_FOR = /^what\s+does\s+(.+?)\s+(?:stand\s+for|mean)$/i;

/**
 * The subject of a definitional question and its head ("hallucination in language models" →
 * "hallucination"), or undefined when the question asks for an explanation instead.
 */
export function questionSubject(question: string): { subject: string; head: string } | undefined {
  const text = question.trim().replace(/[?!.]+$/, '');
  const standsFor = STANDS_FOR.exec(text)?.[1];
  const subject = standsFor ?? (DEFINITION_PREFIX.test(text) ? text.replace(DEFINITION_PREFIX, '') : undefined);
  if (!subject) return undefined;
  const head = subject.split(/\s+(?:in|of|for|on|with|within|inside|used\s+in)\s+/i)[0] ?? subject;
  return { subject: subject.trim(), head: head.trim() };
}

/**
 * How much more an essay passage counts than its raw score when the question asks how or why
 * rather than what: such questions want an explanation, not a definition. Tuned on the relevance
 * set in test/fixtures/ask-relevance.json.
 */
const EXPLANATION_ESSAY_BOOST = 1.6;

const key = (text: string) => terms(text).join(' ');

function sentences(text: string): string[] {
  return (
    text
      .match(/[^.!?]+(?:[.!?]+|$)/g)
      ?.map((sentence) => sentence.trim())
      .filter(Boolean) ?? [text]
  );
}

export class AskIndex {
  readonly #search: MiniSearch<AskDocument>;
  readonly #documents: Map<string, AskDocument>;
  /** Normalised term names and aliases → glossary document, for definitional questions. */
  readonly #termKeys = new Map<string, AskDocument>();
  /** Each document's words, space-separated, for phrase checks; filled on first use. */
  readonly #phraseTexts = new Map<string, string>();

  private constructor(search: MiniSearch<AskDocument>, documents: readonly AskDocument[]) {
    this.#search = search;
    this.#documents = new Map(documents.map((document) => [document.id, document]));
    for (const document of documents) {
      if (document.type !== 'glossary') continue;
      for (const name of [document.title, ...document.aliases]) {
        const normalised = key(name);
        if (normalised && !this.#termKeys.has(normalised)) this.#termKeys.set(normalised, document);
      }
    }
  }

  static build(documents: readonly AskDocument[]): SerialisedAskIndex {
    const search = new MiniSearch<AskDocument>(MINISEARCH_OPTIONS);
    search.addAll(documents);
    return { documents: [...documents], index: search.toJSON() };
  }

  static load(serialised: SerialisedAskIndex): AskIndex {
    const search = MiniSearch.loadJS<AskDocument>(
      serialised.index as Parameters<typeof MiniSearch.loadJS>[0],
      MINISEARCH_OPTIONS,
    );
    return new AskIndex(search, serialised.documents);
  }

  #phraseText(document: AskDocument): string {
    let text = this.#phraseTexts.get(document.id);
    if (text === undefined) {
      text = ` ${words(`${document.title} ${document.text}`).join(' ')} `;
      this.#phraseTexts.set(document.id, text);
    }
    return text;
  }

  search(question: string, options: AskOptions): AskResult {
    const started = performance.now();
    const query = question.trim().replace(/\s+/g, ' ');
    const phrases = [...query.matchAll(/"([^"]+)"/g)].map((match) => words(match[1] ?? '').join(' ')).filter(Boolean);
    const queryTerms = new Set(terms(query));
    const allowed = new Set(options.types);

    const filter = (result: { id: unknown }) => {
      const document = this.#documents.get(String(result.id));
      if (!document || !allowed.has(document.type)) return false;
      return phrases.length === 0 || phrases.every((phrase) => this.#phraseText(document).includes(` ${phrase} `));
    };
    const text = query.replace(/"/g, ' ');
    // Documents with every word first; when they are too few, any word; when none, forgive typos.
    // A phrase needs all its words, so a quoted query is always searched with AND.
    let results = this.#search.search(text, { ...SEARCH_OPTIONS, combineWith: 'AND', filter });
    if (results.length < options.limit && phrases.length === 0) {
      results = this.#search.search(text, { ...SEARCH_OPTIONS, combineWith: 'OR', filter });
    }
    if (results.length === 0)
      results = this.#search.search(text, { ...SEARCH_OPTIONS, ...FORGIVING, combineWith: 'OR', filter });
    const ranked = results.map((result) => ({
      document: this.#documents.get(String(result.id))!,
      score: result.score,
    }));

    const asked = questionSubject(query);
    if (!asked) {
      for (const hit of ranked) if (hit.document.type === 'essay') hit.score *= EXPLANATION_ESSAY_BOOST;
      ranked.sort((a, b) => b.score - a.score);
    }
    // A definitional question about a known term puts that term first, whatever BM25 says.
    const defined =
      asked && allowed.has('glossary')
        ? (this.#termKeys.get(key(asked.subject)) ?? this.#termKeys.get(key(asked.head)))
        : undefined;
    if (defined) {
      const at = ranked.findIndex((hit) => hit.document.id === defined.id);
      const top = ranked[0]?.score ?? 1;
      const [hit] = at >= 0 ? ranked.splice(at, 1) : [{ document: defined, score: top }];
      ranked.unshift({ document: hit!.document, score: Math.max(hit!.score, top) + 1 });
    }

    const sources = ranked.slice(0, options.limit).map(({ document, score }) => ({
      type: document.type,
      slug: document.slug,
      title: document.title,
      url: document.url,
      markdownUrl: document.markdownUrl,
      snippet: snippet(document.text, queryTerms),
      score: Math.round(score * 1000) / 1000,
    }));
    const best = ranked[0]?.document;
    return {
      query,
      answer: best ? answerFrom(best, queryTerms) : null,
      sources,
      total: ranked.length,
      took_ms: Math.round((performance.now() - started) * 1000) / 1000,
    };
  }
}

/**
 * The sentence that mentions the most query terms. A Porter stem is a prefix of the words it
 * comes from in nearly every case, so a word-start test stands in for stemming every word of
 * every candidate sentence (which cost more than the search itself).
 */
function bestSentence(text: string, queryTerms: ReadonlySet<string>): { all: string[]; index: number } {
  const all = sentences(text);
  // Terms are letters and digits only (see words()), so they need no escaping.
  const wanted = [...queryTerms].map((term) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${term}`, 'iu'));
  let index = 0;
  let bestHits = -1;
  all.forEach((sentence, at) => {
    const hits = wanted.filter((pattern) => pattern.test(sentence)).length;
    if (hits > bestHits) {
      bestHits = hits;
      index = at;
    }
  });
  return { all, index };
}

function snippet(text: string, queryTerms: ReadonlySet<string>, maxWords = 40): string {
  const { all, index } = bestSentence(text, queryTerms);
  const chosen = (all.slice(index, index + 2).join(' ') || text).split(/\s+/);
  const clipped = chosen.length > maxWords ? `${chosen.slice(0, maxWords).join(' ')} …` : chosen.join(' ');
  // Odd parts of the split are words: marked when their stem is a query term. Every part is escaped.
  return clipped
    .split(/([\p{L}\p{N}]+)/u)
    .map((part, at) =>
      at % 2 === 1 && queryTerms.has(indexTerm(part) ?? '') ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part),
    )
    .join('');
}

function answerFrom(document: AskDocument, queryTerms: ReadonlySet<string>): AskAnswer {
  let text = document.definition;
  if (!text) {
    const { all, index } = bestSentence(document.text, queryTerms);
    text = all.slice(index, index + 3).join(' ');
  }
  return { text, type: document.type, slug: document.slug, title: document.title, url: document.url };
}
