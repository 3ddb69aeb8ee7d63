// Authors, as every paper source answers them: an OpenAlex author (A…) with their counts, found by
// name or by id, and their works in the paper-list orders. The OpenAlex proxy reads /authors; the
// local mirror the authorships of the works it holds (so its counts are of those works).
import { z } from 'zod';
import type { RelatedSort } from './paper.ts';

export const AuthorSchema = z
  .object({
    id: z.string().describe('OpenAlex author id, e.g. https://openalex.org/A5023888391'),
    name: z.string().min(1).describe('Display name'),
    orcid: z.string().nullable().describe('ORCID URL, or null when the index has none'),
    works_count: z.int().min(0).describe('How many works the index lists by this author'),
    citations: z.int().min(0).describe('Citations of those works, summed'),
    institution: z.string().nullable().describe('Last known institution, or null'),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof AuthorSchema>;

const AUTHOR_ID = '(?:https://openalex\\.org/)?([aA][0-9]{1,12})';
/** Every author id the API takes (a JSON Schema pattern): exactly what parseAuthorId accepts. */
export const AUTHOR_ID_PATTERN = `^${AUTHOR_ID}$`;
const AUTHOR_ID_EXPRESSION = new RegExp(AUTHOR_ID_PATTERN);

/** The short author id (A…) an id names, or undefined. */
export function parseAuthorId(raw: string): string | undefined {
  return AUTHOR_ID_EXPRESSION.exec(raw)?.[1]?.toUpperCase();
}

export interface AuthorQuery {
  /** Normalised name text. */
  q: string;
  limit: number;
  page: number;
}

export interface AuthorResults {
  items: Author[];
  total: number;
}

export interface AuthorWorksQuery {
  /** The author's short id (A…). */
  author: string;
  sort: RelatedSort;
  limit: number;
  page: number;
}

/** Works a paper's related list holds at most: OpenAlex lists about 10 to 20 related works per work. */
export const MAX_SIMILAR = 50;
