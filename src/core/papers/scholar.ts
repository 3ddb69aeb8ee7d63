// Authors and similar papers behind the search cache, as a paper's lists are: each page rendered once
// into the bytes the API sends (with cursors bound to its scope, list-cursor.ts) and cached under the
// request. The sources answer them (contract/paper-source.ts); one that does not is an upstream failure.
import type { AuthorQuery, AuthorWorksQuery } from './contract/author.ts';
import { AuthorNotFoundError, UpstreamError } from './contract/errors.ts';
import type { PaperSource } from './contract/paper-source.ts';
import { renderResultsPage, type PaperSearch, type SearchOutcome } from './contract/paper-search.ts';

/** The source's method, or an upstream failure saying this source does not serve it. */
function served<K extends 'authors' | 'author' | 'authorWorks' | 'similar'>(
  source: PaperSource,
  method: K,
): NonNullable<PaperSource[K]> {
  const found = source[method];
  if (!found) throw new UpstreamError('unavailable', `The ${source.name} paper source does not serve ${method}.`);
  return found.bind(source) as NonNullable<PaperSource[K]>;
}

/** The scope binding the cursors of an author search. */
export const authorSearchScope = ({ q, limit }: Omit<AuthorQuery, 'page'>) => `authors|${q.toLowerCase()}|${limit}`;

/** The scope binding the cursors of an author's works. */
export const authorWorksScope = ({ author, sort, limit }: Omit<AuthorWorksQuery, 'page'>) =>
  `author-works|${author}|${sort}|${limit}`;

/** One page of an author search, with `extra` fields after the paging ones. */
export function authorSearchPage(
  papers: PaperSearch,
  query: AuthorQuery,
  owner: string,
  extra: Record<string, unknown>,
): Promise<SearchOutcome> {
  const scope = authorSearchScope(query);
  return papers.cached(`${scope}|${query.page}`, owner, async () =>
    renderResultsPage(await served(papers.source, 'authors')(query), { ...query, scope }, extra),
  );
}

/** One author, rendered by `render`; AuthorNotFoundError (and nothing cached) when the source has none. */
export function authorRecord(
  papers: PaperSearch,
  id: string,
  owner: string,
  render: (author: NonNullable<Awaited<ReturnType<NonNullable<PaperSource['author']>>>>) => unknown,
): Promise<SearchOutcome> {
  return papers.cached(`author|${id}`, owner, async () => {
    const author = await served(papers.source, 'author')(id);
    if (!author) throw new AuthorNotFoundError(id);
    return Buffer.from(JSON.stringify(render(author)));
  });
}

/** One page of an author's works, with `extra` fields after the paging ones. */
export function authorWorksPage(
  papers: PaperSearch,
  query: AuthorWorksQuery,
  owner: string,
  extra: Record<string, unknown>,
): Promise<SearchOutcome> {
  const scope = authorWorksScope(query);
  return papers.cached(`${scope}|${query.page}`, owner, async () =>
    renderResultsPage(await served(papers.source, 'authorWorks')(query), { ...query, scope }, extra),
  );
}

/** The papers like one (by short work id), at most `limit`, in one page. */
export function similarPage(
  papers: PaperSearch,
  work: string,
  limit: number,
  owner: string,
  extra: Record<string, unknown>,
): Promise<SearchOutcome> {
  const scope = `similar|${work}|${limit}`;
  return papers.cached(scope, owner, async () =>
    renderResultsPage(await served(papers.source, 'similar')(work, limit), { limit, page: 1, scope }, extra),
  );
}
