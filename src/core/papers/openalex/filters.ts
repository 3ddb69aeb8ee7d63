// OpenAlex /works `filter` values for a corpus and for publication-year bounds.
import { CORPUS_DEFINITIONS, type Corpus } from '../contract/corpora.ts';
import type { PaperQuery } from '../contract/paper-source.ts';

/** The `filter` parameter of an OpenAlex /works request for a corpus. */
export function corpusFilter(corpus: Corpus): string {
  return `concepts.id:${CORPUS_DEFINITIONS[corpus].conceptIds.join('|')}`;
}

/** OpenAlex's publication_year filter for the bounds a query has: `2019-2021`, `>2018` or `<2022`. */
export function yearFilter({ yearFrom, yearTo }: Pick<PaperQuery, 'yearFrom' | 'yearTo'>): string | undefined {
  if (yearFrom !== undefined && yearTo !== undefined) return `publication_year:${yearFrom}-${yearTo}`;
  if (yearFrom !== undefined) return `publication_year:>${yearFrom - 1}`;
  if (yearTo !== undefined) return `publication_year:<${yearTo + 1}`;
  return undefined;
}
