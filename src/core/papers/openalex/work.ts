// The parts of an OpenAlex Work we read, validated leniently: upstream data has nulls and gaps
// (see ../shared/data/openalex/SOURCES.md), and a missing field must degrade, never crash.
import { z } from 'zod';

const named = z.object({ display_name: z.string().nullish() }).passthrough();
const location = z
  .object({
    is_oa: z.boolean().nullish(),
    landing_page_url: z.string().nullish(),
    pdf_url: z.string().nullish(),
    // `type` says journal, conference, repository…; raw_source_name is the venue as the publisher
    // wrote it, present where OpenAlex matched no source; raw_type the publisher's own work type.
    source: named.extend({ type: z.string().nullish() }).nullish(),
    raw_source_name: z.string().nullish(),
    raw_type: z.string().nullish(),
  })
  .passthrough();

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
    primary_location: location.nullish(),
    best_oa_location: location.nullish(),
    open_access: z.object({ oa_url: z.string().nullish() }).passthrough().nullish(),
    authorships: z
      .array(z.object({ author: named.nullish(), raw_author_name: z.string().nullish() }).passthrough().nullable())
      .nullish(),
    // Word → positions. Checked where it is read (abstract-text.ts), not here: validating every
    // position of every word would cost more than the rest of an import's parsing.
    abstract_inverted_index: z.record(z.string(), z.unknown()).nullish(),
    referenced_works_count: z.number().nullish(),
    // Work id URLs; checked where they are read (work-import.ts), as the abstract is.
    referenced_works: z.array(z.unknown()).nullish(),
    biblio: z
      .object({
        volume: z.string().nullish(),
        issue: z.string().nullish(),
        first_page: z.string().nullish(),
        last_page: z.string().nullish(),
      })
      .passthrough()
      .nullish(),
    // Other ids of the work; `pmid` is the PubMed URL (https://pubmed.ncbi.nlm.nih.gov/N). Malformed
    // ids lose the work its PubMed id, not its place in the mirror.
    ids: z.object({ pmid: z.string().nullish() }).passthrough().nullish().catch(undefined),
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

/** Fields a search result needs: sent as `select` so the upstream ships nothing else. */
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
  'best_oa_location',
  'open_access',
  'authorships',
  'primary_topic',
  'topics',
  'concepts',
] as const;

/**
 * What a harvest stores: a search result's fields, the abstract the mirror searches, the paper graph,
 * and the PubMed id a paper is also looked up by.
 */
export const HARVEST_SELECT = [
  ...WORK_SELECT,
  'ids',
  'abstract_inverted_index',
  'referenced_works',
  'referenced_works_count',
  'biblio',
] as const;

/** Fields of one paper's own record: a search result's, its abstract, references and numbering. */
export const PAPER_SELECT = [...WORK_SELECT, 'abstract_inverted_index', 'referenced_works_count', 'biblio'] as const;

/** The work's PubMed id as digits (no leading zeros), from OpenAlex's `ids.pmid` URL; undefined without one. */
export function pubmedIdOf(work: OpenAlexWork): string | undefined {
  const digits = /(?:^|\/)(\d+)\/?$/.exec(work.ids?.pmid ?? '')?.[1];
  return digits ? String(Number(digits)) : undefined;
}
