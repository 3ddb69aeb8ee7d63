// One request on its way through the dispatcher's phases (http/phases/): what each phase found out,
// kept on one object of fixed shape, so the chain passes a single argument and allocates nothing else
// for its own bookkeeping.
import type { AppDeps } from '../deps.ts';
import { ALLOWED_ORIGIN, EXPOSED_HEADERS } from './cors.ts';
import type { Claim, IdempotencyKey } from './idempotency.ts';
import type { AnyRoute, RouteResult } from './route.ts';
import type { PathMatch, Router } from './router.ts';
import type { CoreRequest, CoreResponse } from './types.ts';

/** A route as the router holds it under one of its paths. */
export interface RouteEntry {
  route: AnyRoute;
  /** True when matched through an unversioned alias. */
  alias: boolean;
  /** The route's query parser (memoised per query string), when it takes a query. */
  parseQuery: ((search: string) => unknown) | undefined;
}

/** What every exchange of one app shares: fixed when the app is made. */
export interface AppState {
  readonly deps: AppDeps;
  readonly routes: readonly AnyRoute[];
  readonly router: Router<RouteEntry>;
  /** The app's own entry point, for routes that dispatch in-process (batch). */
  readonly dispatch: (request: CoreRequest) => Promise<CoreResponse>;
  readonly find: (method: string, path: string) => AnyRoute | undefined;
}

/**
 * What a phase gives back: nothing to go on to the next phase, or the answer, which ends the chain;
 * a promise of either when the phase has to wait. A phase that refuses the request throws.
 */
export type PhaseStep = CoreResponse | undefined | Promise<CoreResponse | undefined>;

export type Phase = (exchange: Exchange) => PhaseStep;

/** Until read input has them: shared, and frozen so that no one adds to it. */
const NO_PARAMS: Record<string, string> = Object.freeze({});

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's X-Request-Id when it is sane, else a fresh one. */
export function requestIdFrom(sent: string | null): string {
  return sent && REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}

/**
 * The fields are declared, and set once in the constructor, rather than initialised where they are
 * declared: in the bundle (esbuild keeps class fields for node 22) V8 runs field initialisers as a
 * function of their own, which measured a few per cent slower on an in-process GET of a kept answer.
 */
export class Exchange {
  declare readonly app: AppState;
  declare readonly request: CoreRequest;
  /** Known from the start: every answer carries it, refusals by the first phases included. */
  declare readonly requestId: string;
  /** The answer's headers, added to by each phase and sent with whatever answer ends the chain. */
  declare readonly headers: Record<string, string>;
  /** The path's routes, if any serve it (match). */
  declare match: PathMatch<RouteEntry> | undefined;
  /** The route for the request's method (match). */
  declare entry: RouteEntry | undefined;
  /** The Idempotency-Key sent, checked (preflight). */
  declare idempotency: IdempotencyKey | undefined;
  /** Who the request counts as, for rate limits and Idempotency-Key scopes (identify). */
  declare client: string;
  /** Counted against the rate limits (identify). */
  declare charged: boolean;
  /** The route's Cache-Control, made private for an answer to a bearer token (identify). */
  declare cacheControl: string | undefined;
  /** Validated input (read input). */
  declare query: unknown;
  /** The path's parameters, as the route's schema parsed them (typed per route; raw strings without one). */
  declare params: unknown;
  declare body: unknown;
  /** The request body as read, once read in full. */
  declare bodyBytes: Uint8Array | undefined;
  /** Why the input was refused: thrown only after the charge, so bad input still costs one. */
  declare inputError: unknown;
  /** The body was declared too large (preflight): it is not read, the 413 waits for the charge. */
  declare bodyRefused: boolean;
  /** What the handler returned (run). */
  declare result: RouteResult | undefined;
  /** The Idempotency-Key this request claimed (run): its answer is kept once made (keep). */
  declare claim: Claim | undefined;

  constructor(app: AppState, request: CoreRequest) {
    this.app = app;
    this.request = request;
    this.requestId = request.id ?? requestIdFrom(request.headers.get('x-request-id'));
    this.headers = {
      'X-Request-Id': this.requestId,
      'Access-Control-Allow-Origin': ALLOWED_ORIGIN,
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    };
    this.client = `ip:${request.clientAddress}`;
    this.match = undefined;
    this.entry = undefined;
    this.idempotency = undefined;
    this.cacheControl = undefined;
    this.query = undefined;
    this.params = NO_PARAMS;
    this.body = undefined;
    this.bodyBytes = undefined;
    this.inputError = undefined;
    this.bodyRefused = false;
    this.result = undefined;
    this.claim = undefined;
    this.charged = false;
  }

  /** The route that answers, once matched: a refusal before that is worded by no route. */
  get route(): AnyRoute | undefined {
    return this.entry?.route;
  }
}
