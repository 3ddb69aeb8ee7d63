// The forms of the ask operation's answer besides JSON, chosen in the represent phase: the Ask page
// for a browser (src/core/ask/ask-page.ts fills it), Markdown for a client that prefers it, and the
// event stream a POST asks for with prefer.streaming. Each is made from the operation's output.
import { fillAskPage, renderAskResults } from '../ask/ask-page.ts';
import { askMarkdown } from '../ask/ask-markdown.ts';
import type { AskResult } from '../ask/ask-index.ts';
import { ApiError } from '../errors.ts';
import type { Representation } from '../http/route.ts';
import type { CoreResponse } from '../http/types.ts';
import { askEventStream } from './ask-stream.ts';

function textAnswer(contentType: string, body: string, cacheControl: string | undefined): CoreResponse {
  return { status: 200, headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl ?? 'no-store' }, body };
}

/** The question the page shows in its input: as sent, normalised. */
const questionOf = (query: unknown) => (query as { q?: string } | undefined)?.q ?? '';

/** Refusals of the question itself, which a browser gets as the page, empty, to ask again. */
const QUESTION_REFUSALS = new Set(['missing_query', 'query_too_short']);

export const askPage: Representation = {
  mediaType: 'text/html',
  description:
    'The Ask page with the results rendered in (to a client that prefers text/html); empty without a question',
  available: (deps) => deps.askPage !== undefined,
  render: (output, { deps, query }, cacheControl) =>
    textAnswer(
      'text/html; charset=utf-8',
      fillAskPage(deps.askPage!, questionOf(query), renderAskResults(output as AskResult)),
      cacheControl,
    ),
  refused: (error, { deps }) =>
    QUESTION_REFUSALS.has(error.code)
      ? textAnswer('text/html; charset=utf-8', fillAskPage(deps.askPage!, '', ''), undefined)
      : undefined,
};

export const askMarkdownAnswer: Representation = {
  mediaType: 'text/markdown',
  description: 'The answer and its sources as Markdown (Accept: text/markdown)',
  render: (output, _context, cacheControl) =>
    textAnswer('text/markdown; charset=utf-8', askMarkdown(output as AskResult), cacheControl),
};

export const askStream: Representation = {
  mediaType: 'text/event-stream',
  description:
    'With prefer.streaming true: events meta ({query, total, took_ms, confidence, no_answer_reason}), source (one ' +
    "per hit), answer (text deltas, each with its passage's source; none when there is no confident answer), done, " +
    'or error; each event has an id',
  askedBy: ({ body }) => (body as { prefer?: { streaming?: boolean } } | undefined)?.prefer?.streaming === true,
  render: (output, { request }) => {
    if (request.internal)
      throw new ApiError('invalid_body', 'Streaming is not available inside a batch; drop prefer.streaming.');
    return askEventStream(() => output as AskResult, request.signal);
  },
};
