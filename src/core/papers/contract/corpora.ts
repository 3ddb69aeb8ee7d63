// The two corpora, defined by OpenAlex concepts (verified ids only; the filter is in
// ../openalex/filters.ts). Concept ids were checked
// against OpenAlex records (../shared/data/openalex/SOURCES.md) and public concept lists:
//   C154945302 Artificial intelligence, C119857082 Machine learning, C108583219 Deep learning,
//   C2779687700 Blockchain.
// Not used: C11413529 is "Algorithm", not machine learning (a common mistake); topic T10270 and
// concept C180706569 could not be verified here, and OpenAlex cannot OR a topic filter with a
// concept filter anyway.
import { z } from 'zod';

export const CORPORA = ['ai', 'web3'] as const;
export const CorpusSchema = z.enum(CORPORA);
export type Corpus = z.infer<typeof CorpusSchema>;

export interface CorpusDefinition {
  label: string;
  /** OpenAlex concept ids; a work in any of them belongs to the corpus. */
  conceptIds: readonly string[];
}

export const CORPUS_DEFINITIONS: Record<Corpus, CorpusDefinition> = {
  ai: { label: 'Artificial intelligence', conceptIds: ['C154945302', 'C119857082', 'C108583219'] },
  web3: { label: 'Blockchain and Web3', conceptIds: ['C2779687700'] },
};
