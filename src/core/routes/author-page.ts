// GET /authors/{id}: an author's page of the site, filled by the server (papers-page/author-page.ts),
// and its Markdown twin at /authors/{id}.md or for Accept: text/markdown, as a paper's page has
// (routes/paper-page.ts): a page of the site rather than an API operation, rate-limited as the author
// API it reads. ?works=<cursor> pages the works.
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { toApiError } from '../http/error-mapping.ts';
import { prefersMarkdown } from '../http/negotiation.ts';
import { defineRoute } from '../http/route.ts';
import { authorWorks, getAuthor } from '../operations/scholar.ts';
import { parseAuthorId } from '../papers/contract/author.ts';
import { listCursorPage } from '../papers/contract/list-cursor.ts';
import { authorWorksScope } from '../papers/scholar.ts';
import { authorArticleHtml, authorDescription, authorMarkdown, type AuthorPage } from '../papers-page/author-page.ts';
import { PAGE_SIZE, PAPERS_PAGE_FILE } from '../papers-page/papers-page.ts';
import { SEARCH_CACHE_CONTROL } from '../operations/papers.ts';
import { serverPage } from './server-page.ts';

export const authorPageRoute = defineRoute({
  method: 'GET',
  path: '/authors/{id}',
  operationId: 'authorPage',
  summary: "An author's page (HTML, or Markdown at .md or for Accept: text/markdown)",
  tags: ['Authors'],
  query: z.record(z.string(), z.string()),
  responses: {},
  batchable: false,
  documented: false,
  cacheControl: SEARCH_CACHE_CONTROL,
  handler: async ({ params, query, deps, request }) => {
    const shell = await deps.readSiteFile?.(PAPERS_PAGE_FILE);
    if (shell === undefined) throw new Error(`the built site has no ${PAPERS_PAGE_FILE}`);
    const asked = params['id'] ?? '';
    // /authors/{id}.md is the page's Markdown twin, as every page of the site has one at its URL + .md.
    const twin = asked.endsWith('.md');
    const markdown = twin || prefersMarkdown(request.headers.get('accept') ?? undefined);
    const raw = twin ? asked.slice(0, -3) : asked;
    const path = `/authors/${encodeURIComponent(raw)}`;
    const { page, refusal, filled } = serverPage({
      shell,
      markdown,
      path,
      siteUrl: deps.content.siteUrl,
      noun: 'Author',
      asked: raw,
    });
    const id = parseAuthorId(raw);
    if (!id) return refusal(new ApiError('author_not_found', `No author ${raw} is in the index.`));
    const context = { deps, clientAddress: request.clientAddress };
    // A cursor that is not one of this list's starts the list again, as on a paper's page.
    const scope = authorWorksScope({ author: id, sort: 'citations', limit: PAGE_SIZE });
    const given = query['works'];
    const cursor = given !== undefined && listCursorPage(given, scope) !== undefined ? given : undefined;
    try {
      const author = await getAuthor.run({ id }, context);
      const works = await authorWorks.run({ id, sort: 'citations', limit: PAGE_SIZE, cursor }, context);
      const view: AuthorPage = {
        author,
        works: works.value(),
        nextUrl: (next) => `${path}?works=${encodeURIComponent(next)}#works`,
      };
      if (markdown) return page(authorMarkdown(view));
      return filled(author.name, authorDescription(author), authorArticleHtml(view));
    } catch (error) {
      const refused = toApiError(error);
      if (refused.code === 'internal_error') throw error;
      return refusal(refused);
    }
  },
});
