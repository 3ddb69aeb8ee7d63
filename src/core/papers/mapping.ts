// OpenAlex Work → search result item, as DESIGN.md section 3 specifies. Every required field of an
// item is always a non-empty string or a number.
import { z } from 'zod';
import { CORPUS_DEFINITIONS, type Corpus } from './corpora.ts';
import type { OpenAlexWork } from './openalex-work.ts';

export const SearchResultItemSchema = z
  .object({
    title: z.string().min(1).describe('Paper title'),
    source: z.string().min(1).describe('Journal or repository'),
    url: z.string().min(1).describe('DOI URL, else landing page, else the OpenAlex record'),
    date: z.string().min(1).describe('Publication year'),
    category: z.string().min(1).describe('Topic category'),
    type: z.string().min(1).describe('Work type, e.g. Article or Preprint'),
    citations: z.int().min(0).describe('Citation count'),
  })
  .meta({ id: 'SearchResultItem' });
export type SearchResultItem = z.infer<typeof SearchResultItemSchema>;

const WORK_TYPES: Record<string, string> = {
  article: 'Article',
  preprint: 'Preprint',
  'book-chapter': 'Book chapter',
  book: 'Book',
  'proceedings-article': 'Conference paper',
  dissertation: 'Thesis',
  review: 'Review',
  report: 'Report',
  dataset: 'Dataset',
  editorial: 'Editorial',
  letter: 'Letter',
  erratum: 'Erratum',
  'peer-review': 'Peer review',
  standard: 'Standard',
  paratext: 'Paratext',
  other: 'Other',
};

const clean = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || undefined;

export function readableType(type: string | null | undefined): string {
  const key = clean(type)?.toLowerCase();
  if (!key) return 'Paper';
  const known = WORK_TYPES[key];
  if (known) return known;
  const words = key.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}

function doiUrl(doi: string | undefined): string | undefined {
  if (!doi) return undefined;
  if (/^https?:\/\//i.test(doi)) return doi.replace(/^http:\/\/(dx\.)?doi\.org\//i, 'https://doi.org/');
  const bare = doi.replace(/^doi:/i, '');
  return /^10\.\d{4,}\//.test(bare) ? `https://doi.org/${bare}` : undefined;
}

function openAlexUrl(id: string): string {
  return /^https?:\/\//.test(id) ? id : `https://openalex.org/${id}`;
}

/** A readable topic label: the work's primary topic, else its strongest specific concept, else the corpus. */
export function categoryOf(work: OpenAlexWork, corpus: Corpus): string {
  const topic = clean(work.primary_topic?.display_name) ?? clean(work.topics?.[0]?.display_name);
  if (topic) return topic;
  const concepts = [...(work.concepts ?? [])]
    .filter((concept) => (concept.level ?? 0) >= 1 && clean(concept.display_name))
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  return clean(concepts[0]?.display_name) ?? CORPUS_DEFINITIONS[corpus].label;
}

export function toSearchResultItem(work: OpenAlexWork, corpus: Corpus): SearchResultItem {
  const location = work.primary_location;
  const landing = clean(location?.landing_page_url);
  const year = work.publication_year ?? Number(work.publication_date?.slice(0, 4));
  return {
    title: clean(work.display_name) ?? clean(work.title) ?? 'Untitled work',
    source: clean(location?.source?.display_name) ?? hostOf(landing) ?? 'Unknown',
    url: doiUrl(clean(work.doi)) ?? landing ?? openAlexUrl(work.id),
    date: Number.isInteger(year) && year > 0 ? String(year) : 'Unknown',
    category: categoryOf(work, corpus),
    type: readableType(work.type),
    citations: Math.max(0, Math.trunc(work.cited_by_count ?? 0)),
  };
}
