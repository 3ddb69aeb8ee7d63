import { fillAskPage, renderAskResults } from '../ask/ask-page.ts';
import { askEventStream } from './ask-stream.ts';
import { ApiError } from '../errors.ts';
import {
  capacityResponse,
  errorResponse,
  NOT_MODIFIED_RESPONSE,
  QUOTA_RESPONSE,
  RATE_LIMITED_RESPONSE,
} from '../http/common-schemas.ts';
import { prefersHtml, prefersMarkdown } from '../http/negotiation.ts';
import { askMarkdown } from './ask-markdown.ts';
import { outputJson } from '../operations/operation.ts';
import { defineRoute, resultOf, type AnyRoute, type RouteContext, type RouteResult } from '../http/route.ts';
import { runWithinBudget } from '../http/respond-async.ts';
import { AsyncJobSchema } from '../jobs/job.ts';
import { AskBodySchema, AskQuerySchema, askQuestion, AskResponseSchema, checkQuestion } from '../operations/ask.ts';

export const askGetRoute = defineRoute({
  method: 'GET',
  path: '/ask',
  operationId: 'ask',
  summary: 'Ask a question of the essays and glossary',
  description:
    'Ranked passage search (BM25, stemming, prefixes, "quoted phrases", glossary names as synonyms) over essay sections and ' +
    'glossary terms, with an extractive answer: the definition of the term asked about, the best passage, or one passage ' +
    'per side of a comparison. When no passage covers the question well enough, answer is null with no_answer_reason, ' +
    'and the nearest sources are still listed.',
  tags: ['Ask'],
  query: AskQuerySchema,
  responses: {
    200: {
      description:
        'Answer and ranked sources; a client that prefers text/html gets the Ask page, with the results when it sent a question',
      schema: AskResponseSchema,
      htmlPage: true,
      otherMediaTypes: {
        'text/markdown': {
          type: 'string',
          description: 'The answer and its sources as Markdown (Accept: text/markdown)',
        },
      },
      headers: ['ETag'],
    },
    304: NOT_MODIFIED_RESPONSE,
    400: errorResponse('Missing or invalid question (missing_query, query_too_short, invalid_parameter)'),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: true,
  directoryName: 'ask',
  cacheControl: 'public, max-age=300',
  operation: askQuestion,
  handler: async ({ query, deps, request }) => {
    const checked = checkQuestion(query.question);
    const context = { deps, clientAddress: request.clientAddress };
    if (deps.askPage && prefersHtml(request.headers.get('accept'))) {
      // The page shows the operation's answer, as the JSON does: the route only chooses how it reads.
      const answer =
        typeof checked === 'string'
          ? await askQuestion.run({ question: checked, limit: query.limit, types: query.types }, context)
          : undefined;
      const results = answer ? renderAskResults(answer) : '';
      const html = fillAskPage(deps.askPage, typeof checked === 'string' ? checked : '', results);
      return {
        raw: { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept' }, body: html },
      };
    }
    if (typeof checked !== 'string') {
      const example = checked[0] === 'missing_query' ? ', e.g. ?q=what is a rollup' : '';
      throw new ApiError(checked[0], `Query parameter "${query.asked}": ${checked[1]}${example}.`);
    }
    const body = await outputJson(askQuestion, { question: checked, limit: query.limit, types: query.types }, context);
    if (prefersMarkdown(request.headers.get('accept') ?? undefined)) {
      const markdown = askMarkdown(body.value() as Parameters<typeof askMarkdown>[0]);
      const headers = { 'Content-Type': MARKDOWN_TYPE, 'Cache-Control': 'public, max-age=300', Vary: 'Accept' };
      return { raw: { status: 200, headers, body: markdown } };
    }
    return { body, headers: { Vary: 'Accept' } };
  },
});

const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/**
 * The answer as server-sent events: the search runs here, in the operation, before the route returns;
 * the stream only reads its answer out.
 */
async function streamedAnswer(
  input: { question: string; limit: number; types: ('essay' | 'glossary')[] },
  { deps, request }: Pick<RouteContext<unknown, unknown>, 'deps' | 'request'>,
): Promise<RouteResult> {
  const answer = await askQuestion.run(input, { deps, clientAddress: request.clientAddress });
  return { raw: askEventStream(() => answer, request.signal) };
}

export const askPostRoute = defineRoute({
  method: 'POST',
  path: '/ask',
  operationId: 'askPost',
  summary: 'Ask a question; optionally stream the answer as server-sent events',
  description:
    'Body {"q", "limit"?, "types"?, "prefer": {"streaming": true}}. Streaming answers text/event-stream with events meta ' +
    '({query, total, took_ms, confidence, no_answer_reason}), source (one per hit), answer (text deltas, each with its ' +
    "passage's source; none when there is no confident answer), done, or error; each event has an id. " +
    '`Prefer: respond-async` answers 202 with a job to poll.',
  tags: ['Ask'],
  body: AskBodySchema,
  responses: {
    200: {
      description: 'Answer and ranked sources, or an event stream when prefer.streaming is true',
      schema: AskResponseSchema,
      eventStream: true,
    },
    202: {
      description: 'Accepted as an asynchronous job (Prefer: respond-async)',
      schema: AsyncJobSchema,
      headers: ['Location', 'Retry-After', 'Preference-Applied'],
    },
    400: errorResponse('Invalid body (invalid_body, missing_query, query_too_short)'),
    409: errorResponse('Idempotency-Key in use (idempotency_key_in_use)'),
    413: errorResponse('Body over 1 MiB (payload_too_large)'),
    415: errorResponse('Body is not application/json (unsupported_media_type)'),
    422: errorResponse('Idempotency-Key reused with a different body (idempotency_key_reused)'),
    429: QUOTA_RESPONSE,
    503: capacityResponse('asynchronous jobs'),
  },
  batchable: true,
  idempotent: true,
  operation: askQuestion,
  handler: (context) => {
    const { body, deps, request } = context;
    const input = { question: body.question, limit: body.limit, types: body.types };
    if (body.streaming) {
      if (request.internal)
        throw new ApiError('invalid_body', 'Streaming is not available inside a batch; drop prefer.streaming.');
      return streamedAnswer(input, context);
    }
    // At once when the answer is kept or made synchronously: the budget then needs no timer.
    return runWithinBudget(context, 'ask', () =>
      resultOf(outputJson(askQuestion, input, { deps, clientAddress: request.clientAddress })),
    );
  },
});

/** This file's routes, in the order the route table lists them. */
export const askRoutes: readonly AnyRoute[] = [askGetRoute, askPostRoute];
