// The one place a thrown error becomes an HTTP answer, whichever phase threw it: the ApiError it maps
// to (errors.ts; anything unknown is a logged 500 that names no internals), with the headers the
// exchange had gathered (request id, CORS, rate limits) and the error's own, worded as the matched
// route words errors (MCP: JSON-RPC), else in the API's shape.
import { toApiError } from './error-mapping.ts';
import type { Exchange } from './exchange.ts';
import { representedRefusal } from './phases/represent.ts';
import { errorBodyFor } from './route.ts';
import type { CoreResponse } from './types.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function errorAnswer(exchange: Exchange, thrown: unknown): CoreResponse {
  const error = toApiError(thrown);
  if (error.code === 'internal_error') {
    exchange.app.deps.logError?.(`request ${exchange.requestId} failed`, error.cause ?? error);
  }
  const represented = representedRefusal(exchange, error);
  if (represented) return represented;
  return {
    status: error.status,
    headers: { ...exchange.headers, ...error.headers, 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
    body: errorBodyFor(exchange.route, error, exchange.request, exchange.bodyBytes),
  };
}
