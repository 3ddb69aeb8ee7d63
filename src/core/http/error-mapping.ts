// Lower layers' errors in the API's terms: the one mapping from what stores and paper sources throw
// (in their own words, with no status) to the catalogue's ApiErrors. At the edge, so that the
// catalogue (../errors.ts) stays below every domain module.
import { ApiError } from '../errors.ts';
import { InvalidCursorError, NotFoundError } from '../operations/errors.ts';
import { AuthorNotFoundError, PaperNotFoundError, UpstreamError } from '../papers/contract/errors.ts';
import { CapacityError } from '../stores/capacity.ts';
import { StoreUnavailableError } from '../stores/redis/connection.ts';

/** The resolution of a retryable failure, with its number (the same as the Retry-After header). */
const retryIn = (seconds: number) =>
  `Retry after ${seconds} ${seconds === 1 ? 'second' : 'seconds'} (as Retry-After says).`;

/** Seconds a client should wait after an upstream failure when the index did not say. */
const UPSTREAM_RETRY_AFTER_SECONDS = 5;

/**
 * Lower layers' errors become the API's: a failed paper index 502 (upstream_error / upstream_timeout), store
 * bounds 429 for the client over its share and 503 for a full server; anything else unknown is a 500.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) {
    return new ApiError(
      'service_unavailable',
      'Shared state is unavailable right now, so this work cannot be taken on.',
      {
        headers: { 'Retry-After': '5' },
        cause: error,
      },
    );
  }
  if (error instanceof UpstreamError) {
    // 502 either way: the fault is the index's, and a retry after the pause may well succeed. The
    // seconds go in the words too: an agent reading a tool's text never sees the Retry-After header.
    const seconds = error.retryAfterSeconds ?? UPSTREAM_RETRY_AFTER_SECONDS;
    return new ApiError(error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error', error.message, {
      resolution: retryIn(seconds),
      headers: { 'Retry-After': String(seconds) },
      cause: error,
    });
  }
  if (error instanceof PaperNotFoundError) return new ApiError('paper_not_found', error.message, { cause: error });
  if (error instanceof AuthorNotFoundError) return new ApiError('author_not_found', error.message, { cause: error });
  if (error instanceof InvalidCursorError) return new ApiError('invalid_cursor', error.message, { cause: error });
  if (error instanceof NotFoundError) {
    return new ApiError('not_found', error.message, { resolution: error.resolution, cause: error });
  }
  if (error instanceof CapacityError) {
    return new ApiError(error.scope === 'client' ? 'quota_exceeded' : 'service_unavailable', error.message, {
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
    });
  }
  return new ApiError('internal_error', 'The server hit an unexpected error.', { cause: error });
}
