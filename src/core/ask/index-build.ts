// Index building, at build time: every document's passages, and BM25 postings of their terms with a
// passage's names (term names or section heading) weighing more than its text.
import { type AskDocument, passagesOf } from './ask-documents.ts';
import type { SerialisedAskIndex } from './ask-types.ts';
import { joinedCompounds, terms } from './text.ts';

/** A passage's names count this many times each, its context (the essay title) once. */
const NAME_WEIGHT = 3;

export function buildAskIndex(documents: readonly AskDocument[]): SerialisedAskIndex {
  const passages = documents.flatMap(passagesOf);
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
  return { passages, names, postings: Object.fromEntries(postings), lengths };
}
