// The dispatcher: a request goes through named phases in order, each a small function of its own
// (phases/), until one answers; whatever any of them throws is answered in one place (error-answer.ts).
// It knows nothing of Astro or node:http: the server and in-process callers hand it a CoreRequest, and
// the route table is theirs to pass (routes/index.ts), so nothing here imports the routes.
//
// Unlike an onion of next() calls (Koa, Hono's compose), which allocates a continuation per phase and
// request, the phases are a flat list over one Exchange; the driver waits only for a phase that returns
// a promise, so a request answered from memory (a remembered JsonText, a 304, a cached search page) is
// answered without a turn of the promise queue inside the chain.
import type { AppDeps } from '../deps.ts';
import { errorAnswer } from './error-answer.ts';
import { Exchange, type AppState, type Phase } from './exchange.ts';
import { charge } from './phases/charge.ts';
import { identify } from './phases/identify.ts';
import { keep, release } from './phases/keep.ts';
import { findRoute, match, routerFor } from './phases/match.ts';
import { preflight } from './phases/preflight.ts';
import { readInput } from './phases/read-input.ts';
import { represent } from './phases/represent.ts';
import { run } from './phases/run.ts';
import type { AnyRoute } from './route.ts';
import type { CoreRequest, CoreResponse } from './types.ts';

export { requestIdFrom } from './exchange.ts';

export interface App {
  readonly routes: readonly AnyRoute[];
  handle(request: CoreRequest): Promise<CoreResponse>;
  find(method: string, path: string): AnyRoute | undefined;
}

/**
 * The request's way through the dispatcher, in order; represent always answers. Then keep, for an
 * answer made under a claimed Idempotency-Key (phases/keep.ts).
 */
const PHASES: readonly Phase[] = [match, preflight, identify, readInput, charge, run, represent];

export function createApp(deps: AppDeps, routes: readonly AnyRoute[]): App {
  const router = routerFor(routes);
  const find = (method: string, path: string) => findRoute(router, method, path);
  const state: AppState = { deps, routes, router, dispatch: handle, find };

  async function handle(request: CoreRequest): Promise<CoreResponse> {
    const exchange = new Exchange(state, request);
    try {
      for (let index = 0; index < PHASES.length; index += 1) {
        const step = PHASES[index]!(exchange);
        const answer = step instanceof Promise ? await step : step;
        if (answer !== undefined) return exchange.claim === undefined ? answer : await keep(exchange, answer);
      }
      throw new Error('no phase answered the request');
    } catch (thrown) {
      const answer = errorAnswer(exchange, thrown);
      return exchange.claim === undefined ? answer : release(exchange, answer);
    }
  }

  return { routes, handle, find };
}
