// GET /papers/feed.xml: a paper search as an RSS feed, for following a topic in a feed reader.
import { z } from 'zod';
import { errorResponse, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute } from '../http/route.ts';
import { CORPUS_DEFINITIONS } from '../papers/contract/corpora.ts';
import { searchFeedXml } from '../papers-page/feed-xml.ts';
import { PAGE_SIZE, PAPERS_FEED_PATH } from '../papers-page/papers-page.ts';
import { SearchQuerySchema, searchInputOf, searchPapers } from '../operations/papers.ts';
import { SEARCH_CACHE_CONTROL, searchCacheHeaders } from './search.ts';

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
      headers: ['Cache-Status'],
    },
    400: errorResponse('Invalid parameters (missing_query, query_too_short, invalid_parameter)'),
    429: RATE_LIMITED_RESPONSE,
    502: errorResponse('The paper index failed (upstream_error, upstream_timeout); retryable', ['Retry-After']),
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
