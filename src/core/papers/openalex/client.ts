// The upstream client: OpenAlex /works through undici with keep-alive, our own timeouts (undici's
// defaults are minutes), bounded retries with jittered backoff for connection failures, 429 and
// 5xx, and a cap on concurrent upstream requests. Every failure becomes an UpstreamError (the
// contract's, free of HTTP); the edge maps it to 502 upstream_error / upstream_timeout.
import type { Agent, request as undiciRequest } from 'undici';
import { UpstreamError } from '../contract/errors.ts';
import { OpenAlexListSchema } from './work.ts';

export interface OpenAlexClientOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  mailto?: string | undefined;
  /** Budget for one call, retries and queueing included. */
  timeoutMs: number;
  connectTimeoutMs?: number;
  maxRetries?: number;
  maxConcurrent?: number;
  backoffBaseMs?: number;
  userAgent?: string;
}

export interface WorksQuery {
  /** What is listed: works (the default) or authors. */
  entity?: 'works' | 'authors';
  /** Search words; none for a list by filter alone (a paper's citations). */
  search?: string;
  filter: string;
  sort: string;
  perPage: number;
  page: number;
  select: readonly string[];
}

export interface WorksPage {
  count: number;
  results: unknown[];
}

class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | undefined,
    readonly rateLimited = false,
  ) {
    super(message);
  }
}

export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export class OpenAlexClient {
  readonly #options: Required<Omit<OpenAlexClientOptions, 'apiKey' | 'mailto'>> &
    Pick<OpenAlexClientOptions, 'apiKey' | 'mailto'>;
  #undici: Promise<{ agent: Agent; request: typeof undiciRequest }> | undefined;
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(options: OpenAlexClientOptions) {
    this.#options = {
      connectTimeoutMs: Math.min(3_000, options.timeoutMs),
      maxRetries: 2,
      maxConcurrent: 16,
      backoffBaseMs: 100,
      userAgent: 'ResearchHub/1.1 (+https://github.com/research-hub)',
      ...options,
    };
  }

  /**
   * undici is loaded on the first upstream call: it costs about 6 MB of resident memory (measured), which a
   * server that never searches (or searches a local mirror) should not pay.
   */
  #client(): Promise<{ agent: Agent; request: typeof undiciRequest }> {
    this.#undici ??= import('undici').then(({ Agent, request }) => ({
      agent: new Agent({
        keepAliveTimeout: 30_000,
        connections: this.#options.maxConcurrent,
        connect: { timeout: this.#options.connectTimeoutMs },
      }),
      request,
    }));
    return this.#undici;
  }

  url(query: WorksQuery): string {
    const params = new URLSearchParams({
      ...(query.search ? { search: query.search } : {}),
      ...(query.filter ? { filter: query.filter } : {}),
      sort: query.sort,
      per_page: String(query.perPage),
      page: String(query.page),
      select: query.select.join(','),
    });
    if (this.#options.apiKey) params.set('api_key', this.#options.apiKey);
    if (this.#options.mailto) params.set('mailto', this.#options.mailto);
    return `${this.#options.baseUrl}/${query.entity ?? 'works'}?${params}`;
  }

  works(query: WorksQuery): Promise<WorksPage> {
    return this.#call(this.url(query), readWorksPage);
  }

  /** The URL of one work: `key` is a work id (W…) or `doi:10.…`, which OpenAlex resolves itself. */
  workUrl(key: string, select: readonly string[], entity: 'works' | 'authors' = 'works'): string {
    const params = new URLSearchParams({ select: select.join(',') });
    if (this.#options.apiKey) params.set('api_key', this.#options.apiKey);
    if (this.#options.mailto) params.set('mailto', this.#options.mailto);
    return `${this.#options.baseUrl}/${entity}/${encodeURIComponent(key).replaceAll('%3A', ':').replaceAll('%2F', '/')}?${params}`;
  }

  /** One work's record (or an author's), or undefined when OpenAlex has no such one (404). */
  work(key: string, select: readonly string[], entity: 'works' | 'authors' = 'works'): Promise<unknown> {
    return this.#call(this.workUrl(key, select, entity), readWork);
  }

  /** One upstream call within the budget: queued for a slot, retried on connection failures, 429 and 5xx. */
  async #call<T>(url: string, read: AnswerReader<T>): Promise<T> {
    const deadline = Date.now() + this.#options.timeoutMs;
    await this.#acquire(deadline);
    try {
      let lastRetryAfter: number | undefined;
      for (let attempt = 0; ; attempt += 1) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw this.#timeout();
        try {
          return await this.#attempt(url, remaining, read);
        } catch (error) {
          if (!(error instanceof RetryableFailure)) throw error;
          lastRetryAfter = error.retryAfterSeconds;
          const backoff = this.#options.backoffBaseMs * 2 ** attempt * (0.5 + Math.random());
          const wait = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : backoff;
          if (attempt >= this.#options.maxRetries || Date.now() + wait >= deadline) {
            throw new UpstreamError(
              error.rateLimited ? 'rate_limited' : 'unavailable',
              `The paper index failed: ${error.message}.`,
              { retryAfterSeconds: lastRetryAfter, cause: error },
            );
          }
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    } finally {
      this.#release();
    }
  }

  async close(): Promise<void> {
    if (this.#undici) await (await this.#undici).agent.close();
  }

  async #attempt<T>(url: string, remainingMs: number, read: AnswerReader<T>): Promise<T> {
    const { agent, request } = await this.#client();
    let response;
    try {
      response = await request(url, {
        dispatcher: agent,
        headers: { accept: 'application/json', 'user-agent': this.#options.userAgent },
        headersTimeout: remainingMs,
        bodyTimeout: remainingMs,
        signal: AbortSignal.timeout(remainingMs),
      });
    } catch (error) {
      if (isTimeout(error)) throw this.#timeout(error);
      throw new RetryableFailure(`could not reach it (${describe(error)})`, undefined);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      if (isTimeout(error)) throw this.#timeout(error);
      throw new RetryableFailure(`the connection broke mid-answer (${describe(error)})`, undefined);
    }
    const status = response.statusCode;
    if (status === 429 || status >= 500) {
      const retryAfter = parseRetryAfter(response.headers['retry-after']);
      throw new RetryableFailure(`it answered HTTP ${status}`, retryAfter, status === 429);
    }
    return read(status, text);
  }

  #timeout(cause?: unknown): UpstreamError {
    return new UpstreamError('timeout', `The paper index did not answer within ${this.#options.timeoutMs} ms.`, {
      cause,
    });
  }

  async #acquire(deadline: number): Promise<void> {
    if (this.#active < this.#options.maxConcurrent) {
      this.#active += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.#waiting.indexOf(grant);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(this.#timeout());
      }, deadline - Date.now());
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#waiting.push(grant);
    });
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#active -= 1;
  }
}

/** Reads an answer that is not a 429 or 5xx: the value, or an UpstreamError. */
type AnswerReader<T> = (status: number, text: string) => T;

function refused(status: number, text: string): UpstreamError {
  const detail = /"message"\s*:\s*"([^"]{1,200})/.exec(text)?.[1];
  return new UpstreamError(
    'unavailable',
    `The paper index refused the query (HTTP ${status}${detail ? `: ${detail}` : ''}).`,
  );
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readWorksPage(status: number, text: string): WorksPage {
  if (status !== 200) throw refused(status, text);
  const parsed = OpenAlexListSchema.safeParse(parsedJson(text));
  if (!parsed.success) {
    throw new UpstreamError('unavailable', 'The paper index answered with something that is not a list of works.');
  }
  return { count: parsed.data.meta.count, results: parsed.data.results };
}

function readWork(status: number, text: string): unknown {
  if (status === 404) return undefined;
  if (status !== 200) throw refused(status, text);
  const work = parsedJson(text);
  if (typeof work !== 'object' || work === null) {
    throw new UpstreamError('unavailable', 'The paper index answered with something that is not a work.');
  }
  return work;
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: string; name?: string }).code;
  const name = (error as { name?: string }).name;
  return (
    name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    (name === 'AbortError' && /timeout/i.test(String((error as Error).message)))
  );
}

function describe(error: unknown): string {
  const code = (error as { code?: string }).code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
