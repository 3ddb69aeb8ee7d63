// Phase 4, read input: the query, path parameters and body, validated by the route's schemas; at once
// when there is no body. A refusal is kept, not thrown: input is read before the charge, so a request
// costs what it asks for, and bad input still costs one (the charge phase throws it).
import type { z } from 'zod';
import type { Exchange } from '../exchange.ts';
import { readRouteBody } from '../body.ts';
import { parseOrThrow } from '../request-input.ts';

export function readInput(exchange: Exchange): Promise<undefined> | undefined {
  if (exchange.bodyRefused) return undefined;
  try {
    return readAll(exchange);
  } catch (error) {
    return refuse(exchange, error);
  }
}

function readAll(exchange: Exchange): Promise<undefined> | undefined {
  const { request } = exchange;
  const { route, parseQuery } = exchange.entry!;
  const rawParams = exchange.match!.params;
  exchange.query = parseQuery?.(request.search);
  exchange.params = route.params ? parseOrThrow(route.params, rawParams, 'path') : rawParams;
  const { body: schema } = route;
  // The body's read is chained here, not awaited in a helper of its own, which would cost promise turns.
  if (schema) {
    return readRouteBody(request, route.formBody === true).then(
      (read) => takeBody(exchange, schema, read),
      (error: unknown) => refuse(exchange, error),
    );
  }
  if (route.rawBody) {
    return request.readBody().then(
      (bytes) => takeRawBody(exchange, bytes),
      (error: unknown) => refuse(exchange, error),
    );
  }
  return undefined;
}

function takeBody(exchange: Exchange, schema: z.ZodType, read: { bytes: Uint8Array; value: unknown }): undefined {
  try {
    exchange.body = parseOrThrow(schema, read.value, 'body');
    exchange.bodyBytes = read.bytes;
  } catch (error) {
    exchange.inputError ??= error;
  }
  return undefined;
}

function takeRawBody(exchange: Exchange, bytes: Uint8Array): undefined {
  exchange.bodyBytes = bytes;
  return undefined;
}

/** The first refusal wins: a refused token (identify) before its input. */
function refuse(exchange: Exchange, error: unknown): undefined {
  exchange.inputError ??= error;
  return undefined;
}
