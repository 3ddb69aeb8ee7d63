// Plain records of the content collections, shaped once for pages, Markdown twins and the API data
// file. Input is the minimal shape of an Astro collection entry, so this module stays free of
// `astro:*` imports and can be unit-tested.
import type { ContentData, EssayRecord, GlossaryRecord } from '../core/content/content-data.ts';
import type { CurriculumTrackFrontmatter, EssayFrontmatter, GlossaryFrontmatter } from '../content/schemas.ts';
import { absoluteUrl, essayPath, markdownPath, termPath } from './urls.ts';

export interface Entry<Data> {
  id: string;
  data: Data;
  body?: string | undefined;
}

export interface SiteContent {
  siteUrl: string;
  essays: Array<Entry<EssayFrontmatter>>;
  glossary: Array<Entry<GlossaryFrontmatter>>;
  curriculum: Array<Entry<CurriculumTrackFrontmatter>>;
}

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export function essayRecord(siteUrl: string, entry: Entry<EssayFrontmatter>): EssayRecord {
  const path = essayPath(entry.id);
  return {
    slug: entry.id,
    title: entry.data.title,
    description: entry.data.description,
    date: isoDate(entry.data.date),
    updated: isoDate(entry.data.updated),
    tags: entry.data.tags,
    url: absoluteUrl(siteUrl, path),
    markdownUrl: absoluteUrl(siteUrl, markdownPath(path)),
  };
}

export function glossaryRecord(siteUrl: string, entry: Entry<GlossaryFrontmatter>): GlossaryRecord {
  const path = termPath(entry.id);
  return {
    slug: entry.id,
    term: entry.data.term,
    definition: entry.data.definition,
    category: entry.data.category,
    url: absoluteUrl(siteUrl, path),
    markdownUrl: absoluteUrl(siteUrl, markdownPath(path)),
    related: entry.data.related,
    aliases: entry.data.aliases,
  };
}

export function contentData(content: SiteContent): ContentData {
  return {
    siteUrl: content.siteUrl,
    essays: sortEssays(content.essays).map((entry) => essayRecord(content.siteUrl, entry)),
    glossary: sortTerms(content.glossary).map((entry) => glossaryRecord(content.siteUrl, entry)),
    curriculum: sortTracks(content.curriculum).map((track) => ({ slug: track.id, ...track.data })),
  };
}

export function sortEssays<T extends Entry<EssayFrontmatter>>(essays: readonly T[]): T[] {
  return [...essays].sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || a.id.localeCompare(b.id));
}

export function sortTerms<T extends Entry<GlossaryFrontmatter>>(terms: readonly T[]): T[] {
  return [...terms].sort(
    (a, b) => a.data.term.localeCompare(b.data.term, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
}

export function sortTracks<T extends Entry<CurriculumTrackFrontmatter>>(tracks: readonly T[]): T[] {
  return [...tracks].sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** Tags in use, with how many essays carry each, A-Z. */
export function tagCounts(essays: ReadonlyArray<Entry<EssayFrontmatter>>): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const essay of essays) for (const tag of essay.data.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => a.tag.localeCompare(b.tag));
}

/** First letter for the A-Z grouping of the glossary. */
export function initialOf(term: string): string {
  const letter = term.trim().charAt(0).toUpperCase();
  return /[A-Z]/.test(letter) ? letter : '#';
}

export function wordCount(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
