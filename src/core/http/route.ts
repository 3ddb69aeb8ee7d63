import { hash } from 'node:crypto';
import type { z } from 'zod';
import type { AppDeps } from '../app.ts';
import type { BoundedCache } from '../bounded-cache.ts';
import type { ApiError } from '../errors.ts';
import { compress, type CompressedForm } from './content-coding.ts';
import type { ContentEncoding } from './negotiation.ts';
import type { Operation } from './operation.ts';
import type { CoreRequest, CoreResponse } from './types.ts';

export type HttpMethod = 'GET' | 'POST';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
  /** Also answers text/event-stream (server-sent events) with this status. */
  eventStream?: boolean;
  /** Also answers text/html (a page) with this status, to clients that prefer it. */
  htmlPage?: boolean;
  headers?: readonly string[];
}

export interface RouteContext<Query, Body> {
  query: Query;
  body: Body;
  params: Record<string, string>;
  request: CoreRequest;
  deps: AppDeps;
  requestId: string;
  /** In-process dispatch through the same route table (the batch executor uses it). */
  dispatch(request: CoreRequest): Promise<CoreResponse>;
  /** The route a method and raw path would reach, if any. */
  find(method: string, path: string): AnyRoute | undefined;
  /** The whole route table (the docs MCP server describes it). */
  routes: readonly AnyRoute[];
  /** The request body, for routes that parse it themselves (rawBody). */
  rawBody?: Uint8Array | undefined;
}

/** What the handles of one JSON body share: its forms, made once and kept with the cached answer. */
interface JsonForms {
  text: string | undefined;
  bytes: Uint8Array | undefined;
  /** The opaque part of the entity tags: a hash of the UTF-8 bytes. */
  hash: string | undefined;
  /** Coded bodies, or their compression under way (one for all concurrent first requests). */
  coded: Map<CompressedForm, Uint8Array | Promise<Uint8Array>>;
  codedBytes: number;
}

/**
 * A JSON body serialised ahead of time, so memoised and cached answers skip JSON.stringify, encoding,
 * hashing and compression on every request but the first. `T` is the type of the value it spells,
 * for callers that need the value back.
 */
export class JsonText<T = unknown> {
  readonly #forms: JsonForms;

  /**
   * JSON text, or JSON already encoded as UTF-8 (a cached search page); the other form is made on
   * demand. Given another JsonText, the new one shares its forms: a per-request answer over a cached
   * page hashes and compresses nothing again. `known` seeds what a store kept: the hash and the brotli form.
   */
  constructor(json: string | Uint8Array | JsonText, known: { hash?: string; br?: Uint8Array } = {}) {
    if (json instanceof JsonText) {
      this.#forms = json.#forms;
      return;
    }
    // A kept brotli body is taken only within the budget that retainedBytes promises the caches.
    const br = known.br && typeof json !== 'string' && known.br.byteLength <= codedBudget(json) ? known.br : undefined;
    this.#forms = {
      text: typeof json === 'string' ? json : undefined,
      bytes: typeof json === 'string' ? undefined : json,
      hash: known.hash,
      coded: new Map(br ? [['br', br]] : []),
      codedBytes: br?.byteLength ?? 0,
    };
  }

  get text(): string {
    this.#forms.text ??= new TextDecoder().decode(this.#forms.bytes);
    return this.#forms.text;
  }

  get bytes(): Uint8Array {
    if (this.#forms.bytes === undefined) {
      // A Buffer, as node's streams wrap a plain Uint8Array in one on each write; over memory of its
      // own, as Buffer.from(text) would slice a short body out of the shared pool and keep all 8 KiB
      // of it alive as long as the cache keeps the answer.
      const encoded = new TextEncoder().encode(this.#forms.text);
      this.#forms.bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    }
    return this.#forms.bytes;
  }

  /** The value, parsed afresh: callers may keep or change it without touching the shared text. */
  value(): T {
    return JSON.parse(this.text) as T;
  }

  /** 128 bits of SHA-256 of the bytes, base64url: the same body gives the same tag on every instance. */
  get hash(): string {
    this.#forms.hash ??= hash('sha256', this.bytes, 'base64url').slice(0, 22);
    return this.#forms.hash;
  }

  /**
   * The strong entity tag of the body in a content coding. Each coding has its own tag (RFC 9110
   * section 8.8.3.3), spelt as the static files spell theirs.
   */
  etag(coding: ContentEncoding): string {
    return coding === 'identity' ? `"${this.hash}"` : `"${this.hash}-${coding}"`;
  }

  /**
   * The body compressed (a content coding, or deflate to splice), compressed on first use and kept
   * while all coded forms together fit in half the size of the JSON (which `retainedBytes` reserves),
   * so a cache's byte bound holds.
   */
  encoded(form: CompressedForm): Uint8Array | Promise<Uint8Array> {
    const forms = this.#forms;
    const known = forms.coded.get(form);
    if (known) return known;
    const compressing = compress(this.bytes, form).then(
      (coded) => {
        if (forms.codedBytes + coded.byteLength <= codedBudget(this.bytes)) {
          forms.coded.set(form, coded);
          forms.codedBytes += coded.byteLength;
        } else forms.coded.delete(form);
        return coded;
      },
      (error: unknown) => {
        forms.coded.delete(form);
        throw error;
      },
    );
    forms.coded.set(form, compressing);
    return compressing;
  }

  /** Memory the body may hold: its forms so far and the room kept for coded forms. For cache bounds. */
  get retainedBytes(): number {
    return (this.#forms.text?.length ?? 0) * 2 + this.bytes.byteLength + codedBudget(this.bytes);
  }
}

/** A JSON answer kept in `memo` under `key`: made, serialised and tagged on first use, then reused. */
export function rememberedJson<T>(memo: BoundedCache<JsonText>, key: string, make: () => T): JsonText<T> {
  return memo.remember(key, () => new JsonText(JSON.stringify(make()))) as JsonText<T>;
}

function codedBudget(bytes: Uint8Array): number {
  return Math.floor(bytes.byteLength / 2);
}

export interface JsonResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type RouteResult = JsonResult | { raw: CoreResponse };

export interface Route<Query = unknown, Body = unknown> {
  method: HttpMethod;
  /** OpenAPI-style template, e.g. /api/v1/jobs/{jobId}. */
  path: string;
  /** Unversioned paths that answer the same and carry Deprecation, Sunset and a successor link. */
  aliases?: readonly string[];
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  params?: z.ZodType;
  responses: Record<number, ResponseSpec>;
  /** May be called as a batch sub-request. */
  batchable: boolean;
  /** Described in OpenAPI (default true); false for a page of the site that the core fills in. */
  documented?: boolean;
  /**
   * Counts against the per-client rate limit (default true). Only these routes read the Authorization
   * header: a token does nothing but select the bucket, so /healthz answers whatever a probe sends.
   */
  rateLimited?: boolean;
  /** Cache-Control for successful answers. */
  cacheControl?: string;
  /** POST routes whose responses are stored and replayed by Idempotency-Key. */
  idempotent?: boolean;
  /**
   * The answer is a secret (a bearer token): its Idempotency-Key must look random, and the stored answer
   * is sealed under it (see http/idempotency.ts).
   */
  secretAnswer?: boolean;
  /** Rate-limit units a valid request costs (default 1): what it makes the server do. */
  cost?: (input: { query: Query; body: Body }) => number;
  /**
   * Also takes the body as application/x-www-form-urlencoded (RFC 7009 revocation requests); its fields
   * reach the body schema as strings, first value wins.
   */
  formBody?: boolean;
  /** The handler reads and checks the body itself (MCP: its own media type and error rules). */
  rawBody?: boolean;
  /** For rawBody routes: the body as documented in OpenAPI. */
  bodyDoc?: z.ZodType;
  /**
   * The error body for a request refused before its handler ran (limits, authentication, idempotency),
   * for a route whose clients read another shape than the API's errors (MCP: JSON-RPC). The status and
   * headers stay those of the error; `body` is the request body when it was read.
   */
  errorText?: (error: ApiError, request: Pick<CoreRequest, 'headers'>, body: Uint8Array | undefined) => string;
  /** What the route does, as typed input to its 200 output; MCP tools call it too. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  operation?: Operation<any, any, any>;
  handler(context: RouteContext<Query, Body>): Promise<RouteResult> | RouteResult;
}

/** Typed identity: lets TypeScript infer Query and Body from the schemas. */
export function defineRoute<Query, Body = undefined>(route: Route<Query, Body>): Route<Query, Body> {
  return route;
}

// A route table is heterogeneous; the dispatcher only relies on schemas and handler agreeing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = Route<any, any>;

/** An error's body as the route words it (MCP: JSON-RPC), else in the API's own shape. */
export function errorBodyFor(
  route: AnyRoute | undefined,
  error: ApiError,
  request: Pick<CoreRequest, 'headers'>,
  body: Uint8Array | undefined,
): string {
  return route?.errorText?.(error, request, body) ?? JSON.stringify(error.toBody());
}
