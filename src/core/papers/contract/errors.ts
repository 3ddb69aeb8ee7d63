// What a paper source throws when the index behind it fails, in the source's own terms: no HTTP
// status, no headers. The edge (toApiError in http/error-mapping.ts) turns it into the API's 502
// upstream_error / upstream_timeout with Retry-After, so a source never knows how it is served.
// Flat, with a stable `code` to switch on, like undici's errors (UND_ERR_*).

/**
 * - unavailable: the index could not be reached, broke off, answered 5xx, refused the query or
 *   answered with something that is not a list of works;
 * - timeout: no answer within the call's budget (queueing and retries included);
 * - rate_limited: the index kept answering 429 until the retries or the budget ran out.
 */
export type UpstreamFailure = 'unavailable' | 'timeout' | 'rate_limited';

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly code = 'PAPERS_UPSTREAM';
  readonly kind: UpstreamFailure;
  /** How long the index asked us to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: UpstreamFailure,
    message: string,
    options: { retryAfterSeconds?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The source has no paper of that id (an id it does not know, or a DOI no work of it carries). */
export class PaperNotFoundError extends Error {
  override readonly name = 'PaperNotFoundError';
  readonly code = 'PAPERS_NOT_FOUND';
  readonly id: string;

  constructor(id: string) {
    super(`No paper ${id} is in the paper index.`);
    this.id = id;
  }
}

/** The source has no author of that id. */
export class AuthorNotFoundError extends Error {
  override readonly name = 'AuthorNotFoundError';
  readonly code = 'PAPERS_AUTHOR_NOT_FOUND';
  readonly id: string;

  constructor(id: string) {
    super(`No author ${id} is in the paper index.`);
    this.id = id;
  }
}
