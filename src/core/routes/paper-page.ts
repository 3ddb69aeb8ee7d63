// GET /papers/{id}: a paper's page of the site, filled by the server (papers-page/paper-page.ts),
// and its Markdown twin for Accept: text/markdown. Like the Papers page with a search, a page of the
// site rather than an API operation (OpenAPI leaves it out), rate-limited as the paper API it reads.
// ?citations=<cursor> and ?references=<cursor> page the two lists.
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { toApiError } from '../http/error-mapping.ts';
import { prefersMarkdown } from '../http/negotiation.ts';
import { defineRoute } from '../http/route.ts';
import { getPaper, paperCitations, paperReferences } from '../operations/paper-graph.ts';
import { listCursorPage } from '../papers/contract/list-cursor.ts';
import type { PaperRelation } from '../papers/contract/paper.ts';
import { parsePaperId, type PaperId } from '../papers/contract/paper-id.ts';
import { relatedScope } from '../papers/contract/paper-search.ts';
import { paperArticleHtml, paperDescription, paperMarkdown, type PaperPage } from '../papers-page/paper-page.ts';
import { PAGE_SIZE, PAPERS_PAGE_FILE } from '../papers-page/papers-page.ts';
import { SEARCH_CACHE_CONTROL } from '../operations/papers.ts';
import { serverPage } from './server-page.ts';

/** A list's cursor as the page was given it; a cursor that is not one of this list's starts the list again. */
function cursorOf(cursor: string | undefined, relation: PaperRelation, id: PaperId): string | undefined {
  const scope = relatedScope({ relation, sort: 'citations', limit: PAGE_SIZE }, id);
  return cursor !== undefined && listCursorPage(cursor, scope) !== undefined ? cursor : undefined;
}

export const paperPageRoute = defineRoute({
  method: 'GET',
  path: '/papers/{id}',
  operationId: 'paperPage',
  summary: "A paper's page (HTML, or Markdown for Accept: text/markdown)",
  tags: ['Papers'],
  query: z.record(z.string(), z.string()),
  responses: {},
  batchable: false,
  documented: false,
  cacheControl: SEARCH_CACHE_CONTROL,
  handler: async ({ params, query, deps, request }) => {
    const shell = await deps.readSiteFile?.(PAPERS_PAGE_FILE);
    if (shell === undefined) throw new Error(`the built site has no ${PAPERS_PAGE_FILE}`);
    const asked = params['id'] ?? '';
    // /papers/{id}.md is the page's Markdown twin, as every page of the site has one at its URL + .md.
    const twin = asked.endsWith('.md');
    const markdown = twin || prefersMarkdown(request.headers.get('accept') ?? undefined);
    const raw = twin ? asked.slice(0, -3) : asked;
    const path = `/papers/${encodeURIComponent(raw)}`;
    const { page, refusal, filled } = serverPage({
      shell,
      markdown,
      path,
      siteUrl: deps.content.siteUrl,
      noun: 'Paper',
      asked: raw,
    });
    const id = parsePaperId(raw);
    if (!id) return refusal(new ApiError('paper_not_found', `No paper ${raw} is in the index.`));
    const context = { deps, clientAddress: request.clientAddress };
    try {
      const paper = (await getPaper.run({ id }, context)).value();
      const lists = { sort: 'citations' as const, limit: PAGE_SIZE };
      const [citations, references] = await Promise.all([
        paperCitations.run({ id, ...lists, cursor: cursorOf(query['citations'], 'citations', id) }, context),
        paperReferences.run({ id, ...lists, cursor: cursorOf(query['references'], 'references', id) }, context),
      ]);
      const view: PaperPage = {
        paper,
        citations: citations.value(),
        references: references.value(),
        nextUrl: (list, cursor) =>
          `${path}?${list}=${encodeURIComponent(cursor)}#${list === 'citations' ? 'cited-by' : 'references'}`,
      };
      if (markdown) return page(paperMarkdown(view));
      return filled(paper.title, paperDescription(paper), paperArticleHtml(view));
    } catch (error) {
      // An unknown paper or a failing index is shown on the page; anything else is the server's 500.
      const refused = toApiError(error);
      if (refused.code === 'internal_error') throw error;
      return refusal(refused);
    }
  },
});
