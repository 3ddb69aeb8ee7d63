// Papers as references to cite: CSL-JSON (the Citation Style Language's data format, which reference
// managers and citeproc read) and BibTeX. The mapping to CSL is ours; BibTeX entries are written by
// Citation.js from the CSL items (escaping, name lists, page ranges), loaded on first use so that a
// server nobody asks for BibTeX does not pay for it, then given the entry type and arXiv fields we
// choose (bibtex-entry.ts).
import type { Cite } from '@citation-js/core';
import { parse as parseName } from '@citation-js/name';
import type { PaperRecord } from '../contract/paper.ts';
import type { SearchResultItem } from '../contract/search-result-item.ts';
import { arxivId, bibtexEntryType, finishEntry, keepUnicode, type BibtexEntryType } from './bibtex-entry.ts';

export const CITATION_FORMATS = ['bibtex', 'csl'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

export const CITATION_MEDIA_TYPES: Record<CitationFormat, string> = {
  bibtex: 'application/x-bibtex',
  csl: 'application/vnd.citationstyles.csl+json',
};

/** A paper to cite: a search result, or a paper's full record (abstract, numbering). */
export type Citable = SearchResultItem | PaperRecord;

/** Our work types as CSL item types (https://docs.citationstyles.org/en/stable/specification.html#appendix-iii-types). */
const CSL_TYPES: Record<string, string> = {
  Article: 'article-journal',
  Preprint: 'article',
  'Book chapter': 'chapter',
  Book: 'book',
  'Conference paper': 'paper-conference',
  Thesis: 'thesis',
  Review: 'review',
  Report: 'report',
  Dataset: 'dataset',
  Standard: 'standard',
};

export type CslItem = Record<string, unknown> & { id: string; 'citation-key': string };

/** Lowercase ASCII letters and digits of a text: Ü becomes u, everything else goes. */
const keyPart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const MINOR_WORDS = new Set(['a', 'an', 'the', 'on', 'of', 'in', 'for', 'to', 'and', 'with', 'from', 'by', 'at']);

/**
 * The key a paper is cited by: first author's family name, year, first word of the title that says
 * something (vaswani2017attention). The same paper gets the same key in every file; within one file a
 * key already taken gets a letter (…attentionb, …attentionc, then numbers), in the order the papers come.
 */
export function citationKeys(papers: readonly Citable[]): string[] {
  const taken = new Set<string>();
  return papers.map((paper) => {
    const first = paper.authors[0];
    const family = first ? keyPart(String(parseName(first).family ?? first)) : '';
    const word =
      paper.title
        .split(/\s+/)
        .map(keyPart)
        .find((part) => part && !MINOR_WORDS.has(part)) ?? '';
    const year = /^\d{4}$/.test(paper.date) ? paper.date : '';
    const base = `${family || 'anon'}${year}${word}` || 'paper';
    let key = base;
    for (let n = 2; taken.has(key); n += 1) key = n <= 26 ? `${base}${String.fromCharCode(96 + n)}` : `${base}${n}`;
    taken.add(key);
    return key;
  });
}

/** The publication date as CSL date parts: the day when known, else the year. */
function issued(paper: Citable) {
  const day = paper.publication_date?.split('-').map(Number);
  if (day) return { 'date-parts': [day] };
  return /^\d{4}$/.test(paper.date) ? { 'date-parts': [[Number(paper.date)]] } : undefined;
}

const defined = (entries: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );

/** A URL's host name (doi.org, arxiv.org): what a search result names when OpenAlex knows no venue. */
const HOST_NAME = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i;

/** Where the paper appeared: the record's venue, else the result's source unless that is only a host. */
export function venueOf(paper: Citable): string | undefined {
  const venue = (paper as Partial<PaperRecord>).venue;
  if (venue) return venue;
  return paper.source === 'Unknown' || HOST_NAME.test(paper.source) ? undefined : paper.source;
}

/** CSL-JSON items of the papers, keyed as citationKeys says. */
export function cslItems(papers: readonly Citable[]): CslItem[] {
  const keys = citationKeys(papers);
  return papers.map((paper, index) => {
    const key = keys[index] as string;
    const full = paper as Partial<PaperRecord>;
    return {
      id: key,
      'citation-key': key,
      ...defined({
        type: CSL_TYPES[paper.type] ?? 'article',
        title: paper.title,
        author: paper.authors.map((name) => {
          const parsed = parseName(name);
          return parsed.family ? parsed : { literal: name };
        }),
        issued: issued(paper),
        'container-title': venueOf(paper),
        volume: full.volume,
        issue: full.issue,
        page: full.pages,
        DOI: paper.doi?.replace(/^https:\/\/doi\.org\//, ''),
        URL: paper.open_access_url ?? paper.url,
        abstract: full.abstract,
        note: `OpenAlex: ${paper.id}`,
        // CSL's way to say a preprint's server and its number there.
        archive: arxivId(paper) ? 'arXiv' : undefined,
        number: arxivId(paper),
      }),
    } as CslItem;
  });
}

let citationJs: Promise<{ Cite: typeof Cite }> | undefined;

/** Citation.js with its BibTeX plugin, loaded once. */
function loadCitationJs(): Promise<{ Cite: typeof Cite }> {
  citationJs ??= import('@citation-js/plugin-bibtex').then(() => import('@citation-js/core'));
  return citationJs;
}

/** The papers in a format, as the text to send. */
export async function citationText(papers: readonly Citable[], format: CitationFormat): Promise<string> {
  const items = cslItems(papers);
  if (format === 'csl') return `${JSON.stringify(items, null, 2)}\n`;
  const { Cite } = await loadCitationJs();
  return papers
    .map((paper, index) => {
      const type = bibtexEntryType(paper, venueOf(paper));
      // Number and archive say the arXiv id in CSL; Citation.js would write them as a report number.
      const { number: _number, archive: _archive, ...csl } = items[index] as CslItem;
      const item = { ...csl, type: CITATION_JS_TYPES[type] };
      const written = new Cite(keepUnicode.protect(item)).format('bibtex') as string;
      return keepUnicode.restore(finishEntry(written, type, arxivId(paper)));
    })
    .join('\n');
}

/** The CSL type Citation.js writes each of our entry types from (fields renamed after: bibtex-entry.ts). */
const CITATION_JS_TYPES: Record<BibtexEntryType, string> = {
  article: 'article-journal',
  inproceedings: 'paper-conference',
  book: 'book',
  incollection: 'chapter',
  misc: 'article-journal',
};

/**
 * The references as citationText writes them, cut to whole references within `budget` characters
 * as a JSON string holds them (a tool's structured content: CSL-JSON's quotes and newlines escaped
 * make it about a tenth longer): the text, and how many of the papers (the first ones) it cites. Each
 * cut is written again in full, so keys stay those of the references it holds; at most log2(n) + 1 writings.
 */
export async function citationTextWithin(
  papers: readonly Citable[],
  format: CitationFormat,
  budget: number,
): Promise<{ text: string; count: number }> {
  const size = (text: string) => JSON.stringify(text).length;
  const whole = await citationText(papers, format);
  if (size(whole) <= budget || papers.length <= 1) return { text: whole, count: papers.length };
  let fits = { text: '', count: 0 };
  let [low, high] = [1, papers.length - 1];
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const text = await citationText(papers.slice(0, middle), format);
    if (size(text) <= budget) {
      fits = { text, count: middle };
      low = middle + 1;
    } else high = middle - 1;
  }
  return fits;
}
