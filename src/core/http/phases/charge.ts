// Phase 5, charge: a counted request pays what it costs (a batch, its sub-requests; refused input, one)
// to its client's and its address's buckets (http/rate-limit.ts), and carries the RateLimit headers;
// 429 when either bucket is empty. Then the input refusal read-input kept, if any, is thrown.
import type { Exchange } from '../exchange.ts';
import { chargeRequest, requestBuckets } from '../rate-limit.ts';

export function charge(exchange: Exchange): Promise<undefined> | undefined {
  if (!exchange.charged) return admit(exchange, undefined);
  const { app, request } = exchange;
  const route = exchange.route!;
  const cost =
    exchange.inputError === undefined ? (route.cost?.({ query: exchange.query, body: exchange.body }) ?? 1) : 1;
  const buckets = requestBuckets(exchange.client, request.clientAddress, app.deps.config.rateLimitPerMinute);
  const charged = chargeRequest(app.deps.stores.rateLimits, buckets, cost);
  return charged instanceof Promise ? charged.then((headers) => admit(exchange, headers)) : admit(exchange, charged);
}

function admit(exchange: Exchange, rateLimitHeaders: Record<string, string> | undefined): undefined {
  if (rateLimitHeaders) Object.assign(exchange.headers, rateLimitHeaders);
  if (exchange.inputError !== undefined) throw exchange.inputError;
  return undefined;
}
