// A search result item, as DESIGN.md section 3 specifies: what every paper source answers with
// (the mapping from an OpenAlex Work is ../openalex/work-mapping.ts). Every required field of an
// item is always a non-empty string or a number.
import { z } from 'zod';

/** A calendar date as OpenAlex writes publication dates. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Authors listed per result: enough to recognise a paper, short enough for a result list. */
export const MAX_AUTHORS = 5;

export const SearchResultItemSchema = z
  .object({
    title: z.string().min(1).describe('Paper title'),
    source: z.string().min(1).describe('Journal or repository'),
    url: z.string().min(1).describe('DOI URL, else landing page, else the OpenAlex record'),
    date: z.string().min(1).describe('Publication year'),
    publication_date: z
      .string()
      .regex(ISO_DATE)
      .meta({ examples: ['2017-06-12'] })
      .nullable()
      .describe('Publication date (YYYY-MM-DD), or null when the index does not know the day'),
    category: z.string().min(1).describe('Topic category'),
    type: z.string().min(1).describe('Work type, e.g. Article or Preprint'),
    citations: z.int().min(0).describe('Citation count'),
    id: z.string().describe('OpenAlex work id, e.g. https://openalex.org/W2112796928'),
    doi: z.string().nullable().describe('DOI URL (https://doi.org/10....), or null when the work has none'),
    authors: z
      .array(z.string())
      .max(MAX_AUTHORS)
      .describe(`Author names in authorship order, the first ${MAX_AUTHORS} at most`),
    open_access_url: z.string().nullable().describe('Where the work can be read free of charge, or null'),
  })
  .meta({ id: 'SearchResultItem' });
export type SearchResultItem = z.infer<typeof SearchResultItemSchema>;
