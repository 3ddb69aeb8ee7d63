// The parts of an OpenAlex Work we read, validated leniently: upstream data has nulls and gaps
// (see ../shared/data/openalex/SOURCES.md), and a missing field must degrade, never crash.
import { z } from 'zod';

const named = z.object({ display_name: z.string().nullish() }).passthrough();

export const OpenAlexWorkSchema = z
  .object({
    id: z.string(),
    doi: z.string().nullish(),
    title: z.string().nullish(),
    display_name: z.string().nullish(),
    publication_year: z.number().int().nullish(),
    publication_date: z.string().nullish(),
    type: z.string().nullish(),
    cited_by_count: z.number().nullish(),
    primary_location: z
      .object({ landing_page_url: z.string().nullish(), source: named.nullish() })
      .passthrough()
      .nullish(),
    primary_topic: named.nullish(),
    topics: z.array(named.extend({ score: z.number().nullish() })).nullish(),
    concepts: z
      .array(named.extend({ id: z.string().nullish(), level: z.number().nullish(), score: z.number().nullish() }))
      .nullish(),
  })
  .passthrough();
export type OpenAlexWork = z.infer<typeof OpenAlexWorkSchema>;

export const OpenAlexListSchema = z.object({
  meta: z.object({ count: z.number().int().min(0) }).passthrough(),
  results: z.array(z.unknown()),
});

/** Fields the mapping needs: sent as `select` so the upstream ships nothing else. */
export const WORK_SELECT = [
  'id',
  'doi',
  'title',
  'display_name',
  'publication_year',
  'publication_date',
  'type',
  'cited_by_count',
  'primary_location',
  'primary_topic',
  'topics',
  'concepts',
] as const;
