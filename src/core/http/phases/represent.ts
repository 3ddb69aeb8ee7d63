// Phase 7, represent: the handler's result as the answer. A JSON result gets its Content-Type and
// Cache-Control (the route's for a success, else no-store) and the route's own headers; a kept answer
// (JsonText) goes out as the client asked for it (http/representation.ts); a raw result goes as it is.
// A route that offers its 200 in other forms (route.representations: a page, Markdown, an event
// stream) has the form chosen here, from what the request asks for, and made from the same output.
import type { ApiError } from '../../errors.ts';
import { JsonText } from '../../json-text.ts';
import type { Exchange } from '../exchange.ts';
import { mayBeKeptForReplay } from '../idempotency.ts';
import { appendVary, preferredMediaType } from '../negotiation.ts';
import { sendInPreferredCoding, sendRepresentation } from '../representation.ts';
import type { Representation, RepresentationContext } from '../route.ts';
import type { CoreResponse } from '../types.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Builds the answer around the exchange's header object (added to, not copied: this is the hot path). */
export function represent(exchange: Exchange): CoreResponse | Promise<CoreResponse> {
  const { headers, request } = exchange;
  const result = exchange.result!;
  if ('raw' in result) return rawAnswer(exchange, result.raw);
  const status = result.status ?? 200;
  if (exchange.route!.representations !== undefined && status === 200) {
    const represented = representedOutput(exchange, result.body);
    if (represented) return represented;
  }
  headers['Content-Type'] = JSON_TYPE;
  headers['Cache-Control'] = status < 300 && exchange.cacheControl ? exchange.cacheControl : 'no-store';
  if (result.headers) mergeHeaders(headers, result.headers);
  const { body } = result;
  if (!(body instanceof JsonText)) return { status, headers, body: JSON.stringify(body) };
  // A batch's sub-requests are never coded.
  if (status !== 200 || request.internal) return { status, headers, body: body.bytes };
  if (request.method === 'GET' || request.method === 'HEAD') return sendRepresentation(body, headers, request);
  if (mayBeKeptForReplay(request)) return { status, headers, body: body.bytes };
  return sendInPreferredCoding(body, headers, request);
}

/**
 * The form the request asks for, if not JSON: one asked for by its input (a body field) first, else
 * the one its Accept prefers to JSON. A route that negotiates on Accept says so in Vary, whatever goes.
 */
function chosenRepresentation(exchange: Exchange, inputRead = true): Representation | undefined {
  const { request, app } = exchange;
  const offered: Representation[] = [];
  for (const representation of exchange.route!.representations!) {
    const available = representation.available?.(app.deps) ?? true;
    if (!representation.askedBy) {
      if (available) offered.push(representation);
    } else if (inputRead && representation.askedBy({ query: exchange.query, body: exchange.body })) {
      return available ? representation : undefined;
    }
  }
  if (exchange.route!.representations!.some((representation) => !representation.askedBy))
    appendVary(exchange.headers, 'Accept');
  if (offered.length === 0) return undefined;
  const types = ['application/json', ...offered.map((representation) => representation.mediaType)];
  const preferred = preferredMediaType(request.headers.get('accept'), types);
  return offered.find((representation) => representation.mediaType === preferred);
}

/** The output in the form the request asks for, when that is not JSON. */
function representedOutput(exchange: Exchange, body: unknown): CoreResponse | undefined {
  const chosen = chosenRepresentation(exchange);
  if (!chosen) return undefined;
  const output = body instanceof JsonText ? body.value() : body;
  return rawAnswer(exchange, chosen.render(output, representationContext(exchange), exchange.cacheControl));
}

function representationContext(exchange: Exchange): RepresentationContext {
  return { deps: exchange.app.deps, request: exchange.request, query: exchange.query, body: exchange.body };
}

/**
 * A refusal in the form the request asked for by Accept, when that form has one (the Ask page, empty,
 * to a browser that sent no question); undefined sends the error as usual. Forms asked for by the
 * input are not consulted: the input may be what was refused.
 */
export function representedRefusal(exchange: Exchange, error: ApiError): CoreResponse | undefined {
  if (exchange.route?.representations === undefined) return undefined;
  const chosen = chosenRepresentation(exchange, false);
  const answer = chosen?.refused?.(error, representationContext(exchange));
  return answer && rawAnswer(exchange, answer);
}

/**
 * A raw answer goes as the handler made it, except that one sent to a bearer token is never cached as
 * public (identify made the route's Cache-Control private): it carries that client's numbers.
 */
function rawAnswer(exchange: Exchange, raw: CoreResponse): CoreResponse {
  const headers = mergeHeaders(exchange.headers, raw.headers);
  const sent = headers['Cache-Control'];
  if (sent !== undefined && exchange.cacheControl?.startsWith('private') && /^public\b/.test(sent))
    headers['Cache-Control'] = sent.replace(/^public\b/, 'private');
  return { ...raw, headers };
}

/**
 * Adds a route's headers to the per-request ones; its Vary joins the dispatcher's, and its links join an
 * alias's successor link rather than replace it.
 */
function mergeHeaders(headers: Record<string, string>, added: Record<string, string>): Record<string, string> {
  for (const name in added) {
    const value = added[name] as string;
    if (name === 'Vary') appendVary(headers, value);
    else if (name === 'Link' && headers['Link'] !== undefined) headers['Link'] = `${headers['Link']}, ${value}`;
    else headers[name] = value;
  }
  return headers;
}
