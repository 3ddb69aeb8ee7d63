// One error model for every channel (HTTP, batch, MCP). Codes are stable, lowercase snake_case and
// documented from this table (the API docs page and OpenAPI render it), in the spirit of undici's
// flat errors with stable codes. Lower layers throw their own errors (stores: CapacityError); they
// are mapped at the edge (http/error-mapping.ts), so this catalogue imports nothing of theirs.

export interface ErrorCodeInfo {
  status: number;
  title: string;
  resolution: string;
}

export const ERROR_CODES = {
  missing_query: {
    status: 400,
    title: 'The query parameter is missing or empty',
    resolution: 'Send a non-empty query parameter, for example ?q=transformers.',
  },
  query_too_short: {
    status: 400,
    title: 'The query is shorter than 2 characters',
    resolution: 'Send a query of at least 2 characters.',
  },
  invalid_parameter: {
    status: 400,
    title: 'A query parameter or header has an invalid value',
    resolution: 'Correct the parameter named in the message; the OpenAPI description lists every rule.',
  },
  invalid_cursor: {
    status: 400,
    title: 'The cursor is not one this API issued',
    resolution: 'Pass next_cursor from a previous response unchanged, or omit cursor to start at the first page.',
  },
  invalid_body: {
    status: 400,
    title: 'The request body is not valid',
    resolution: 'Send a JSON object matching the request schema in the OpenAPI description.',
  },
  payload_too_large: {
    status: 413,
    title: 'The request body is larger than 1 MiB',
    resolution: 'Send a smaller body; split large batches into several calls.',
  },
  batch_limit_exceeded: {
    status: 400,
    title: 'The batch has more than 20 sub-requests',
    resolution: 'Send at most 20 sub-requests per batch.',
  },
  invalid_batch: {
    status: 400,
    title: 'The batch payload is malformed',
    resolution: 'Send {"requests":[{"path":"/api/v1/essays"}]} with 1 to 20 sub-requests.',
  },
  invalid_job_id: {
    status: 400,
    title: 'The job id is malformed',
    resolution: 'Use the job id or Location URL returned by the 202 response.',
  },
  job_not_found: {
    status: 404,
    title: 'No such job here: an unknown id, a job past its hour, or one lost with the job store',
    resolution:
      'Check the id against the Location of the 202 answer; if it is right the job is gone (finished jobs are kept ' +
      'one hour, a minute once their result was read, less when the store is full; a store that restarts empty ' +
      'loses them all): start the work again.',
  },
  job_cancelled: {
    status: 409,
    title: 'The work was cancelled by the client that started it (MCP tasks/cancel)',
    resolution: 'Start the work again if its result is still wanted.',
  },
  invalid_paper_id: {
    status: 400,
    title: 'The paper id is not an OpenAlex work id, DOI, arXiv id or PubMed id',
    resolution:
      'Name the paper by its OpenAlex work id (W2741809807), its DOI (10.1038/nature14539, doi:10.…, or the ' +
      'https://doi.org/… URL, percent-encoded in a path), its arXiv id (arXiv:2106.09685, or the arxiv.org URL) ' +
      'or its PubMed id (pmid:29456894, or the pubmed.ncbi.nlm.nih.gov URL).',
  },
  paper_not_found: {
    status: 404,
    title: 'The paper index has no paper of that id',
    resolution: 'Check the id; search papers to find the work id or DOI of the paper you mean.',
  },
  invalid_author_id: {
    status: 400,
    title: 'The author id is not an OpenAlex author id',
    resolution:
      'Name the author by its OpenAlex author id (A5023888391, or its https://openalex.org/ URL); find it with the author search.',
  },
  author_not_found: {
    status: 404,
    title: 'The paper index has no author of that id',
    resolution: 'Check the id; search authors by name (GET /api/v1/authors?q=…) to find it.',
  },
  not_found: {
    status: 404,
    title: 'Nothing is served at this path',
    resolution: 'See GET /api for the list of endpoints.',
  },
  method_not_allowed: {
    status: 405,
    title: 'This path does not accept that method',
    resolution: 'Use one of the methods in the Allow header.',
  },
  not_acceptable: {
    status: 406,
    title: 'None of the accepted media types can be produced',
    resolution: 'Accept application/json (or text/event-stream where streaming is offered).',
  },
  unsupported_media_type: {
    status: 415,
    title: 'The request body media type is not supported',
    resolution: 'Send the body as application/json.',
  },
  forbidden_origin: {
    status: 403,
    title: 'The Origin is not allowed',
    resolution: 'Call from an allowed origin, or from a non-browser client without an Origin header.',
  },
  unauthorized: {
    status: 401,
    title: 'The bearer token is unknown, expired or revoked, or the scheme is not Bearer',
    resolution: 'Drop the Authorization header (everything is public), or register for a new token.',
  },
  quota_exceeded: {
    status: 429,
    title: 'You hold your full share of a bounded store (jobs, idempotency records or tokens)',
    resolution:
      'Wait for the number of seconds in Retry-After, when your oldest entry expires; revoke tokens you no longer use.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests in this window',
    resolution: 'Wait for the number of seconds in Retry-After, or register a token for a bucket of your own.',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'The Idempotency-Key was already used with a different request',
    resolution: 'Use a fresh Idempotency-Key for a different request.',
  },
  idempotency_key_in_use: {
    status: 409,
    title: 'A request with this Idempotency-Key is still being processed',
    resolution: 'Wait and retry; the stored response will be replayed once the first request finishes.',
  },
  upstream_error: {
    status: 502,
    title: 'The paper index upstream failed',
    resolution: 'Retry after the number of seconds in Retry-After.',
  },
  upstream_timeout: {
    status: 502,
    title: 'The paper index upstream did not answer in time',
    resolution: 'Retry after the number of seconds in Retry-After.',
  },
  service_unavailable: {
    status: 503,
    title: 'The server is at capacity for this kind of work, or is shutting down',
    resolution: 'Retry after the number of seconds in Retry-After.',
  },
  bad_request: {
    status: 400,
    title: 'The request could not be parsed as HTTP/1.1',
    resolution: 'Send a well-formed request: a valid request line, header names and values without control characters.',
  },
  request_timeout: {
    status: 408,
    title: 'The request headers or body arrived too slowly',
    resolution: 'Send the whole request within the time limits in the README (10 s for headers, 30 s in all).',
  },
  headers_too_large: {
    status: 431,
    title: 'The request headers are too large',
    resolution: 'Send smaller headers (at most 16 KiB in all).',
  },
  internal_error: {
    status: 500,
    title: 'An unexpected error occurred',
    resolution: 'Retry later; if it persists, report the X-Request-Id of the response.',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; status: number; resolution: string };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly resolution: string;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { resolution?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.resolution = options.resolution ?? ERROR_CODES[code].resolution;
    this.headers = options.headers ?? {};
  }

  toBody(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, status: this.status, resolution: this.resolution },
    };
  }
}

export function payloadTooLarge(): ApiError {
  return new ApiError('payload_too_large', 'The request body is larger than 1 MiB (1,048,576 bytes).', {
    headers: { Connection: 'close' },
  });
}
