// How an answer from the shared search cache was served (RFC 9211 Cache-Status) and how old it is
// (Age): the same headers on JSON, citations, the feed and the pages made from one search.

const CACHE_STATUS = {
  hit: 'hit',
  miss: 'fwd=miss; stored',
  collapsed: 'fwd=miss; collapsed',
  stale: 'hit; fwd-status=502; detail=stale-if-error',
} as const;

/** The headers searchCacheHeaders writes, as a route's OpenAPI entry names them. */
export const CACHE_STATUS_HEADERS = ['Cache-Status', 'Age'] as const;

/** What a cached answer says of how it was served. */
export interface ServedFromCache {
  cache: keyof typeof CACHE_STATUS;
  age: number;
}

export function searchCacheHeaders(outcome: ServedFromCache): Record<string, string> {
  return { 'Cache-Status': `research-hub; ${CACHE_STATUS[outcome.cache]}`, Age: String(outcome.age) };
}
