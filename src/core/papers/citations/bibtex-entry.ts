// What a reference manager needs of a BibTeX entry beyond what Citation.js writes from CSL: the entry
// type from the kind of work (@inproceedings, @misc with eprint for an arXiv preprint…), one field per
// fact (no howpublished repeating url), and names in scripts it has no LaTeX form for kept, not dropped.
import type { PaperRecord } from '../contract/paper.ts';
import type { SearchResultItem } from '../contract/search-result-item.ts';

type Citable = SearchResultItem | PaperRecord;

export type BibtexEntryType = 'article' | 'inproceedings' | 'book' | 'incollection' | 'misc';

/** An arXiv identifier, new style (1706.03762) or old (hep-th/9901001): nothing a BibTeX value must escape. */
const ARXIV_ID = String.raw`(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})`;
const ARXIV_DOI = new RegExp(String.raw`^https://doi\.org/10\.48550/arxiv\.${ARXIV_ID}$`, 'i');
const ARXIV_URL = new RegExp(
  String.raw`^https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/${ARXIV_ID}(?:v\d+)?(?:\.pdf)?$`,
  'i',
);

/** The paper's arXiv identifier (1706.03762, hep-th/9901001), from its arXiv DOI or an arxiv.org link. */
export function arxivId(paper: Citable): string | undefined {
  const fromDoi = ARXIV_DOI.exec(paper.doi ?? '')?.[1];
  if (fromDoi) return fromDoi;
  for (const url of [paper.url, paper.open_access_url]) {
    const fromUrl = ARXIV_URL.exec(url ?? '')?.[1];
    if (fromUrl) return fromUrl;
  }
  return undefined;
}

/**
 * The entry type: a preprint (or a record whose DOI is arXiv's) is @misc with its eprint; a journal
 * article @article, a proceedings paper @inproceedings, a chapter @incollection, each only with the
 * venue it requires (an @article without a journal is flagged); anything else @misc.
 */
export function bibtexEntryType(paper: Citable, venue: string | undefined): BibtexEntryType {
  if (paper.type === 'Preprint' || ARXIV_DOI.test(paper.doi ?? '')) return 'misc';
  if (paper.type === 'Book') return 'book';
  if (!venue) return 'misc';
  if (paper.type === 'Conference paper') return 'inproceedings';
  if (paper.type === 'Book chapter') return 'incollection';
  return paper.type === 'Article' || paper.type === 'Review' ? 'article' : 'misc';
}

/** One field line as Citation.js writes it: a tab, the name, ` = {`, the value, `},`. */
const FIELD_LINE = /^\t([A-Za-z]+) = \{(.*)\},$/;

/**
 * One entry of Citation.js given our type: the header's type replaced, `howpublished` dropped where
 * it repeats `url`, a misc's venue said by howpublished (none for arXiv, which archivePrefix names),
 * and the arXiv fields added.
 */
export function finishEntry(written: string, type: BibtexEntryType, arxiv: string | undefined): string {
  const lines = written.trim().split('\n');
  const url = lines.map((line) => FIELD_LINE.exec(line)).find((field) => field?.[1] === 'url')?.[2];
  const kept = lines.flatMap((line, index) => {
    if (index === 0) return [line.replace(/^@[a-z]+\{/, `@${type}{`)];
    const [, name, value] = FIELD_LINE.exec(line) ?? [];
    if (name === 'howpublished' && value === url) return [];
    if (name === 'journal' && type === 'misc') return arxiv ? [] : [`\thowpublished = {${value}},`];
    return [line];
  });
  if (arxiv) kept.splice(kept.length - 1, 0, `\teprint = {${arxiv}},`, '\tarchivePrefix = {arXiv},');
  return `${kept.join('\n')}\n`;
}

/** Marks a kept character stands for while Citation.js writes (ASCII letters and hex digits only). */
const MARK = 'zqxu';
const MARKED = new RegExp(`${MARK}([0-9a-f]+)${MARK}`, 'g');

/** A letter or digit with no ASCII base (CJK, Greek, ß…), which Citation.js would drop or rewrite. */
const needsKeeping = (char: string) =>
  /[\p{L}\p{N}]/u.test(char) && /[^ -~]/.test(char.normalize('NFKD').replace(/\p{M}/gu, ''));

function protectText(text: string): string {
  return Array.from(text.replace(/[\u2010\u2011]/g, '-'), (char) =>
    needsKeeping(char) ? `${MARK}${char.codePointAt(0)!.toString(16)}${MARK}` : char,
  ).join('');
}

function protectValue(value: unknown): unknown {
  if (typeof value === 'string') return protectText(value);
  if (Array.isArray(value)) return value.map(protectValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, protectValue(inner)]));
  }
  return value;
}

/**
 * Unicode through Citation.js, which writes ASCII and drops what has no LaTeX form ("‐" in
 * Leyton‐Brown, every CJK name). Hyphens become "-"; other letters are marked before and written back
 * as UTF-8 after, which BibTeX files may hold (biber, Zotero and JabRef read UTF-8).
 */
export const keepUnicode = {
  protect: <T extends object>(item: T): T => protectValue(item) as T,
  restore: (text: string): string =>
    text.replace(MARKED, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16))),
};
