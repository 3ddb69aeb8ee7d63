// Phase 6, run: the route's handler, with its validated input. A handler that answers at once (a
// memoised list, a cached search page) is not waited for. A POST of an idempotent route that carries
// an Idempotency-Key runs at most once per key (http/idempotency.ts): a repeat is answered here with
// the kept answer; a first request claims the key, runs, and is represented like any other, and the
// dispatcher keeps its answer (phases/keep.ts).
import type { Exchange } from '../exchange.ts';
import { checkSecretKey, claimKey, fingerprint } from '../idempotency.ts';
import type { RouteContext, RouteResult } from '../route.ts';
import type { CoreResponse } from '../types.ts';

export function run(exchange: Exchange): Promise<CoreResponse | undefined> | undefined {
  const route = exchange.route!;
  const key = exchange.idempotency?.key;
  if (route.idempotent && key !== undefined) return claimThenRun(exchange, key);
  return runHandler(exchange);
}

function runHandler(exchange: Exchange): Promise<undefined> | undefined {
  const result = exchange.route!.handler(contextOf(exchange));
  if (result instanceof Promise) return result.then((settled) => settle(exchange, settled));
  return settle(exchange, result);
}

function settle(exchange: Exchange, result: RouteResult): undefined {
  exchange.result = result;
  return undefined;
}

async function claimThenRun(exchange: Exchange, key: string): Promise<CoreResponse | undefined> {
  const { app, request } = exchange;
  const route = exchange.route!;
  if (route.secretAnswer) checkSecretKey(key);
  const claimed = await claimKey({
    store: app.deps.stores.idempotency,
    client: exchange.client,
    owner: `ip:${request.clientAddress}`,
    key,
    fingerprint: fingerprint(request.method, route.path, exchange.bodyBytes),
    secret: route.secretAnswer === true,
    headers: exchange.headers,
  });
  if ('replay' in claimed) return claimed.replay;
  exchange.claim = claimed.claim;
  return runHandler(exchange);
}

function contextOf(exchange: Exchange): RouteContext<unknown, unknown, unknown> {
  const { app } = exchange;
  return {
    query: exchange.query,
    body: exchange.body,
    params: exchange.params,
    request: exchange.request,
    deps: app.deps,
    requestId: exchange.requestId,
    client: exchange.client,
    dispatch: app.dispatch,
    find: app.find,
    routes: app.routes,
    rawBody: exchange.route!.rawBody ? exchange.bodyBytes : undefined,
  };
}
