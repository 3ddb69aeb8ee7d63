// OpenAlex Author → the contract's author (../contract/author.ts), read leniently as works are: a
// missing count is 0, a missing institution null. `last_known_institutions` (a list) replaced the
// single `last_known_institution`; either is read.
import { z } from 'zod';
import type { Author } from '../contract/author.ts';

const named = z.object({ display_name: z.string().nullish() }).passthrough();

export const OpenAlexAuthorSchema = z
  .object({
    id: z.string(),
    display_name: z.string().nullish(),
    orcid: z.string().nullish(),
    works_count: z.number().nullish(),
    cited_by_count: z.number().nullish(),
    last_known_institutions: z.array(named).nullish(),
    last_known_institution: named.nullish(),
  })
  .passthrough();

/** Fields an author needs: sent as `select`. */
export const AUTHOR_SELECT = [
  'id',
  'display_name',
  'orcid',
  'works_count',
  'cited_by_count',
  'last_known_institutions',
] as const;

const count = (value: number | null | undefined) => Math.max(0, Math.trunc(value ?? 0));
const openAlexUrl = (id: string) => (/^https?:\/\//.test(id) ? id : `https://openalex.org/${id}`);

/** An author as the API spells it, or undefined for a record with no name. */
export function toAuthor(raw: unknown): Author | undefined {
  const parsed = OpenAlexAuthorSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const author = parsed.data;
  const name = author.display_name?.replace(/\s+/g, ' ').trim();
  if (!name) return undefined;
  const institution =
    author.last_known_institutions?.[0]?.display_name ?? author.last_known_institution?.display_name ?? null;
  return {
    id: openAlexUrl(author.id.trim()),
    name,
    orcid: author.orcid ?? null,
    works_count: count(author.works_count),
    citations: count(author.cited_by_count),
    institution: institution?.trim() || null,
  };
}
