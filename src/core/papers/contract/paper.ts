// One paper in full (what GET /api/v1/papers/{id} answers), and the two lists of the paper graph:
// the works citing a paper and the works it cites. Every paper source answers both.
import { z } from 'zod';
import { SearchResultItemSchema } from './search-result-item.ts';

/** Authors a paper's own record lists: all of them, up to a bound no real byline reaches often. */
export const MAX_PAPER_AUTHORS = 100;

export const PaperSchema = SearchResultItemSchema.extend({
  authors: z
    .array(z.string())
    .max(MAX_PAPER_AUTHORS)
    .describe(`Author names in authorship order (the first ${MAX_PAPER_AUTHORS} of a longer list)`),
  abstract: z.string().nullable().describe('The abstract, or null when the index has none'),
  venue: z.string().nullable().describe('Journal, proceedings or repository, or null when unknown'),
  volume: z.string().nullable().describe('Volume, when the venue numbers them'),
  issue: z.string().nullable().describe('Issue, when the venue numbers them'),
  pages: z.string().nullable().describe('Pages, e.g. 5998-6008, when known'),
  references_count: z.int().min(0).describe('How many works this paper cites (its references)'),
  citations_url: z.string().describe('The works citing this paper (API)'),
  references_url: z.string().describe('The works this paper cites (API)'),
}).meta({ id: 'Paper' });
export type Paper = z.infer<typeof PaperSchema>;

/** A paper as a source knows it: everything but the URLs, which the API adds. */
export type PaperRecord = Omit<Paper, 'citations_url' | 'references_url'>;

/** citations: the works that cite the paper; references: the works the paper cites. */
export const PAPER_RELATIONS = ['citations', 'references'] as const;
export type PaperRelation = (typeof PAPER_RELATIONS)[number];

/** Orders of a paper's lists: the search orders but relevance, which needs search words. */
export const RELATED_SORTS = ['citations', 'date'] as const;
export type RelatedSort = (typeof RELATED_SORTS)[number];

export interface RelatedQuery {
  relation: PaperRelation;
  /** The paper's OpenAlex work id (W…). */
  work: string;
  sort: RelatedSort;
  limit: number;
  page: number;
}
