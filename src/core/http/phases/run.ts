// Phase 6, run: the route's handler, with its validated input. A handler that answers at once (a
// memoised list, a cached search page) is not waited for. A POST of an idempotent route that carries
// an Idempotency-Key runs at most once per key: its represented answer is kept and replayed
// (http/idempotency.ts), so this phase represents it itself.
import type { Exchange } from '../exchange.ts';
import { checkSecretKey, fingerprint, withIdempotency } from '../idempotency.ts';
import type { RouteContext, RouteResult } from '../route.ts';
import type { CoreResponse } from '../types.ts';
import { represent } from './represent.ts';

export function run(exchange: Exchange): Promise<CoreResponse | undefined> | undefined {
  const route = exchange.route!;
  const key = exchange.idempotency?.key;
  if (route.idempotent && key !== undefined) return runOnce(exchange, key);
  const result = route.handler(contextOf(exchange));
  if (result instanceof Promise) return result.then((settled) => settle(exchange, settled));
  return settle(exchange, result);
}

function settle(exchange: Exchange, result: RouteResult): undefined {
  exchange.result = result;
  return undefined;
}

function runOnce(exchange: Exchange, key: string): Promise<CoreResponse> {
  const { app, request } = exchange;
  const route = exchange.route!;
  if (route.secretAnswer) checkSecretKey(key);
  const context = contextOf(exchange);
  return withIdempotency(
    {
      store: app.deps.stores.idempotency,
      client: exchange.client,
      owner: `ip:${request.clientAddress}`,
      key,
      fingerprint: fingerprint(request.method, route.path, exchange.bodyBytes),
      secret: route.secretAnswer === true,
      headers: exchange.headers,
    },
    async () => {
      exchange.result = await route.handler(context);
      return represent(exchange);
    },
  );
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
