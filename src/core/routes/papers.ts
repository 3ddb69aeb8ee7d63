// The paper graph's REST doors, derived from their operations (operations/paper-graph.ts): a paper,
// also as references to cite, and its two lists, each with how the cached page was served.
import { operationRoute } from '../http/operation-route.ts';
import type { AnyRoute } from '../http/route.ts';
import { CitationFormatParam, SEARCH_CACHE_CONTROL } from '../operations/papers.ts';
import { getPaper, paperCitations, paperReferences } from '../operations/paper-graph.ts';
import { CITATION_MEDIA_SCHEMAS, citationAnswer, citationFormatOf } from './citation-answer.ts';
import { searchCacheHeaders } from './search.ts';

/** Headers of an answer from the paper index: how it was served (Cache-Status) and how old it is. */
const SERVED_HEADERS = ['Cache-Status', 'Age'];

export const paperRoute = operationRoute(getPaper, {
  query: { format: CitationFormatParam },
  headers: SERVED_HEADERS,
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

/** A list's answer names how its page was served, as search's does. */
const listExtras = {
  headers: SERVED_HEADERS,
  answerHeaders: (output: object) => searchCacheHeaders(output as Parameters<typeof searchCacheHeaders>[0]),
};

/** This file's routes, in the order the route table lists them. */
export const paperRoutes: readonly AnyRoute[] = [
  paperRoute,
  operationRoute(paperCitations, listExtras),
  operationRoute(paperReferences, listExtras),
];
