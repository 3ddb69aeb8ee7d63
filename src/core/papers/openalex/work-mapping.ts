// OpenAlex Work → search result item (../contract/search-result-item.ts), as DESIGN.md section 3
// specifies.
import { CORPUS_DEFINITIONS, type Corpus } from '../contract/corpora.ts';
import { MAX_PAPER_AUTHORS, type PaperRecord } from '../contract/paper.ts';
import { ISO_DATE, MAX_AUTHORS, type SearchResultItem } from '../contract/search-result-item.ts';
import { abstractText } from './abstract-text.ts';
import type { OpenAlexWork } from './work.ts';

/** The topic label of a work outside any corpus (a cited or citing work) that has neither topic nor concept. */
const UNSORTED_LABEL = 'Research';

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

/**
 * The readable type of a work. OpenAlex files proceedings papers as `article`; the publisher's own
 * type (raw_type) or a conference source tells them apart, so a citation can say @inproceedings.
 */
export function workType(work: OpenAlexWork): string {
  const location = work.primary_location;
  const conference =
    clean(location?.raw_type)?.toLowerCase() === 'proceedings-article' ||
    clean(location?.source?.type)?.toLowerCase() === 'conference';
  return clean(work.type)?.toLowerCase() === 'article' && conference
    ? WORK_TYPES['proceedings-article']!
    : readableType(work.type);
}

/** Where the work appeared: its source's name, else the venue as the publisher wrote it (never a URL host). */
function venueOf(work: OpenAlexWork): string | undefined {
  return clean(work.primary_location?.source?.display_name) ?? clean(work.primary_location?.raw_source_name);
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
  const trimmed = id.trim();
  return /^https?:\/\//.test(trimmed) ? trimmed : `https://openalex.org/${trimmed}`;
}

function authorsOf(work: OpenAlexWork, max: number): string[] {
  const names: string[] = [];
  for (const authorship of work.authorships ?? []) {
    const name = clean(authorship?.author?.display_name) ?? clean(authorship?.raw_author_name);
    if (name) names.push(name);
    if (names.length === max) break;
  }
  return names;
}

/** OpenAlex's own pick (open_access.oa_url), else the best or primary location when it is open. */
function openAccessUrl(work: OpenAlexWork): string | null {
  const open = (location: OpenAlexWork['best_oa_location']) =>
    location && location.is_oa !== false ? (clean(location.pdf_url) ?? clean(location.landing_page_url)) : undefined;
  return (
    clean(work.open_access?.oa_url) ??
    open(work.best_oa_location) ??
    (work.primary_location?.is_oa === true ? open(work.primary_location) : undefined) ??
    null
  );
}

/**
 * A readable topic label: the work's primary topic, else its strongest specific concept, else the
 * corpus (a work listed outside one, as a paper's citations are, gets a general label).
 */
export function categoryOf(work: OpenAlexWork, corpus: Corpus | undefined): string {
  const topic = clean(work.primary_topic?.display_name) ?? clean(work.topics?.[0]?.display_name);
  if (topic) return topic;
  const concepts = [...(work.concepts ?? [])]
    .filter((concept) => (concept.level ?? 0) >= 1 && clean(concept.display_name))
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  return clean(concepts[0]?.display_name) ?? (corpus ? CORPUS_DEFINITIONS[corpus].label : UNSORTED_LABEL);
}

/** The work's publication year, else the year of its publication date. */
export function publicationYear(work: OpenAlexWork): number | undefined {
  const year = work.publication_year ?? Number(work.publication_date?.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : undefined;
}

/** The date order's key: the ISO publication date, or '' (last in newest-first order) when there is none. */
export function publicationDate(work: OpenAlexWork): string {
  const date = clean(work.publication_date);
  return date && ISO_DATE.test(date) ? date : '';
}

/** The publication date when it names a real day, else null (never a day made up from a 2019-02-30). */
function calendarDate(work: OpenAlexWork): string | null {
  const date = publicationDate(work);
  const day = date ? new Date(`${date}T00:00:00Z`) : undefined;
  return day && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date) ? date : null;
}

export function toSearchResultItem(work: OpenAlexWork, corpus: Corpus | undefined): SearchResultItem {
  const location = work.primary_location;
  const landing = clean(location?.landing_page_url);
  const year = publicationYear(work);
  const doi = doiUrl(clean(work.doi));
  return {
    title: clean(work.display_name) ?? clean(work.title) ?? 'Untitled work',
    source: venueOf(work) ?? hostOf(landing) ?? 'Unknown',
    url: doi ?? landing ?? openAlexUrl(work.id),
    date: year === undefined ? 'Unknown' : String(year),
    publication_date: calendarDate(work),
    category: categoryOf(work, corpus),
    type: workType(work),
    citations: Math.max(0, Math.trunc(work.cited_by_count ?? 0)),
    id: openAlexUrl(work.id),
    doi: doi ?? null,
    authors: authorsOf(work, MAX_AUTHORS),
    open_access_url: openAccessUrl(work),
  };
}

/** First and last page as one range (5998-6008), or the first page alone. */
function pagesOf(biblio: OpenAlexWork['biblio']): string | null {
  const first = clean(biblio?.first_page);
  const last = clean(biblio?.last_page);
  if (first && last && first !== last) return `${first}-${last}`;
  return first ?? last ?? null;
}

/** One paper's own record: the search item's fields, every author, and what a citation needs. */
export function toPaperRecord(work: OpenAlexWork): PaperRecord {
  const item = toSearchResultItem(work, undefined);
  return {
    ...item,
    authors: authorsOf(work, MAX_PAPER_AUTHORS),
    abstract: abstractText(work.abstract_inverted_index) || null,
    venue: venueOf(work) ?? null,
    volume: clean(work.biblio?.volume) ?? null,
    issue: clean(work.biblio?.issue) ?? null,
    pages: pagesOf(work.biblio),
    references_count: Math.max(0, Math.trunc(work.referenced_works_count ?? 0)),
  };
}
