// The paper's REST door with more to say than its operation (operations/paper-graph.ts): the paper
// also as references to cite. Its two lists are derived from their operations as they are.
import { searchCacheHeaders } from '../http/cache-status.ts';
import { operationRoute } from '../http/operation-route.ts';
import { CitationFormatParam, SEARCH_CACHE_CONTROL } from '../operations/papers.ts';
import { getPaper } from '../operations/paper-graph.ts';
import { CITATION_MEDIA_SCHEMAS, citationAnswer, citationFormatOf } from './citation-answer.ts';

export const paperRoute = operationRoute(getPaper, {
  query: { format: CitationFormatParam },
  otherMediaTypes: CITATION_MEDIA_SCHEMAS,
  handler: async (input, { query, deps, request }) => {
    const outcome = await getPaper.run(input, { deps, clientAddress: request.clientAddress });
    // The same URL answers JSON and the citation formats, so caches must key on Accept.
    const headers = { ...searchCacheHeaders(outcome), Vary: 'Accept' };
    const format = citationFormatOf(query.format, request.headers.get('accept'));
    if (format) return citationAnswer(format, [outcome.value()], { ...headers, 'Cache-Control': SEARCH_CACHE_CONTROL });
    return { body: outcome, headers };
  },
});
