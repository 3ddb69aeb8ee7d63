// GET /papers/feed.xml: a paper search as an RSS feed, for following a topic in a feed reader; and
// GET /papers/{id}/citations/feed.xml: the newest works citing a paper, for following who builds on it.
import { z } from 'zod';
import { NOT_MODIFIED_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { errorResponses } from '../http/operation-route.ts';
import { defineRoute } from '../http/route.ts';
import { CORPUS_DEFINITIONS } from '../papers/contract/corpora.ts';
import { citationsFeedXml, searchFeedXml } from '../papers-page/feed-xml.ts';
import { paperCitations, PaperInputSchema } from '../operations/paper-graph.ts';
import { PAGE_SIZE, PAPERS_FEED_PATH } from '../papers-page/papers-page.ts';
import { SEARCH_CACHE_CONTROL, SearchQuerySchema, searchInputOf, searchPapers } from '../operations/papers.ts';
import { CACHE_STATUS_HEADERS, searchCacheHeaders } from '../http/cache-status.ts';

const RSS_TYPE = 'application/rss+xml; charset=utf-8';

/** The newest papers matching a search, as RSS 2.0: one cached search, sorted by date. */
export const papersFeedRoute = defineRoute({
  method: 'GET',
  path: PAPERS_FEED_PATH,
  operationId: 'papersFeed',
  summary: 'Follow a paper search: the newest matching papers as an RSS feed',
  description:
    `An RSS 2.0 feed of the ${PAGE_SIZE} newest papers (by publication date) matching q in a corpus, for feed ` +
    'readers. It is the search with sort=date, cached like it; search responses link to it with ' +
    '`Link: <…>; rel="alternate"; type="application/rss+xml"`.',
  tags: ['Papers'],
  query: SearchQuerySchema.pick({ q: true, corpus: true }),
  responses: {
    200: {
      description: 'RSS 2.0 with atom:link rel="self"; items link to the paper and carry its OpenAlex id as guid',
      schema: z.string().meta({ id: 'PapersFeed', description: 'RSS 2.0 XML' }),
      contentType: 'application/rss+xml',
      headers: CACHE_STATUS_HEADERS,
    },
    ...errorResponses(['missing_query', 'query_too_short', 'invalid_parameter', 'upstream_error', 'upstream_timeout']),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: false,
  cacheControl: SEARCH_CACHE_CONTROL,
  handler: async ({ query, deps, request }) => {
    const input = { ...searchInputOf(query, PAGE_SIZE, 1), sort: 'date' as const };
    const { corpus } = input;
    const outcome = await searchPapers.run(input, { deps, clientAddress: request.clientAddress });
    const body = searchFeedXml({
      siteUrl: deps.config.siteUrl,
      q: query.q,
      corpus,
      corpusLabel: CORPUS_DEFINITIONS[corpus].label,
      items: outcome.value().results,
      fetchedAt: new Date(Date.now() - outcome.age * 1000),
    });
    return {
      raw: {
        status: 200,
        headers: {
          'Content-Type': RSS_TYPE,
          'Cache-Control': SEARCH_CACHE_CONTROL,
          ...searchCacheHeaders(outcome),
        },
        body,
      },
    };
  },
});

/** The newest works citing a paper, as RSS 2.0: its citations list sorted by date, cached like it. */
export const paperCitationsFeedRoute = defineRoute({
  method: 'GET',
  path: '/papers/{id}/citations/feed.xml',
  operationId: 'paperCitationsFeed',
  summary: 'Follow who cites a paper: the newest citing papers as an RSS feed',
  description:
    `An RSS 2.0 feed of the ${PAGE_SIZE} newest papers (by publication date) citing one paper, named as the paper ` +
    'routes name it (work id, DOI, arXiv id or PubMed id). It is the citations list with sort=date, cached like it.',
  tags: ['Papers'],
  params: PaperInputSchema,
  responses: {
    200: {
      description: 'RSS 2.0 with atom:link rel="self"; items link to the paper and carry its OpenAlex id as guid',
      schema: z.string().meta({ id: 'PaperCitationsFeed', description: 'RSS 2.0 XML' }),
      contentType: 'application/rss+xml',
      headers: CACHE_STATUS_HEADERS,
    },
    304: NOT_MODIFIED_RESPONSE,
    ...errorResponses(['invalid_paper_id', 'paper_not_found', 'upstream_error', 'upstream_timeout']),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: false,
  cacheControl: SEARCH_CACHE_CONTROL,
  handler: async ({ params, deps, request }) => {
    const input = { id: params.id, sort: 'date' as const, limit: PAGE_SIZE };
    const outcome = await paperCitations.run(input, { deps, clientAddress: request.clientAddress });
    const list = outcome.value();
    const body = citationsFeedXml({
      siteUrl: deps.config.siteUrl,
      paper: list.paper,
      items: list.results,
      fetchedAt: new Date(Date.now() - outcome.age * 1000),
    });
    const headers = { 'Content-Type': RSS_TYPE, 'Cache-Control': SEARCH_CACHE_CONTROL, ...searchCacheHeaders(outcome) };
    return { raw: { status: 200, headers, body } };
  },
});
