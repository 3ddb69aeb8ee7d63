// Phase 8, keep: after the answer is made, whichever phase made it, the answer to a POST that claimed
// an Idempotency-Key (phases/run.ts) is kept for its repeats, or the claim given up when the request
// failed, so the phases before it run once each, in order.
import type { Exchange } from '../exchange.ts';
import { settleClaim } from '../idempotency.ts';
import type { CoreResponse } from '../types.ts';

/** The answer, once kept under the claimed key. */
export async function keep(exchange: Exchange, answer: CoreResponse): Promise<CoreResponse> {
  await settleClaim(exchange.claim!, answer);
  return answer;
}

/**
 * The claim given up: the request failed, and its key may be used again. The failure is answered even
 * when the store cannot be told (the claim then lapses with its lease).
 */
export async function release(exchange: Exchange, answer: CoreResponse): Promise<CoreResponse> {
  try {
    await settleClaim(exchange.claim!, undefined);
  } catch (error) {
    exchange.app.deps.logError?.(`request ${exchange.requestId}: its Idempotency-Key could not be released`, error);
  }
  return answer;
}
