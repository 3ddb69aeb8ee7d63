// The Idempotency-Key phase of a POST (DESIGN.md section 2): claim the key, replay or refuse a
// repeat, keep the first response. Records are filed under a hash of the client and the key, so a
// store holds neither. Routes whose answer is a secret (a bearer token) take a stricter key: it must
// look random, since whoever presents it from the same address gets the answer again, and the answer
// is kept sealed under a key derived from it, so the store cannot hand it to anyone else.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { ApiError } from '../errors.ts';
import type { IdempotencyStore, StoredResponse } from '../stores/idempotency-store.ts';
import { isStreamBody, wholeBody, type CoreRequest, type CoreResponse } from './types.ts';

const BARE_KEY = /^[\x20-\x7e]{1,255}$/;
const MAX_KEY_LENGTH = 255;
/** Bits a secret key must carry at the least, estimated from its length and alphabet. */
const SECRET_KEY_MIN_BITS = 96;

/**
 * The header as JSON Schema patterns: an RFC 8941 String ("…" with \" and \\ escapes), which is what the
 * httpapi Idempotency-Key draft defines, or, leniently, the same characters bare. A bare value cannot
 * start with a quote, and HTTP strips spaces at either end of a field value.
 */
export const IDEMPOTENCY_KEY_PATTERNS = {
  quoted: '^"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\\\"]){1,255}"$',
  bare: '^[\\x21\\x23-\\x7e](?:[\\x20-\\x7e]{0,253}[\\x21-\\x7e])?$',
} as const;

export interface IdempotencyKey {
  /** The key itself: what the record is filed under and what a batch reports. */
  key: string;
  /** The field value as the client sent it, echoed back unchanged. */
  sent: string;
}

const INVALID_KEY_MESSAGE =
  'Header "Idempotency-Key" must be 1 to 255 printable ASCII characters, as a quoted string ("…", with \\" and ' +
  '\\\\ escaped) or bare.';

/** Reads the header: a quoted String is unescaped, so "k" and k name the same key. */
export function parseIdempotencyKey(sent: string): IdempotencyKey {
  const key = sent.startsWith('"') ? unquoteString(sent) : BARE_KEY.test(sent) ? sent : undefined;
  if (key === undefined || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new ApiError('invalid_parameter', INVALID_KEY_MESSAGE);
  return { key, sent };
}

/** An RFC 8941 sf-string's value, or undefined when the text is not exactly one sf-string. */
function unquoteString(text: string): string | undefined {
  let value = '';
  for (let index = 1; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '"') return index === text.length - 1 ? value : undefined;
    if (char === '\\') {
      const escaped = text[(index += 1)];
      if (escaped !== '"' && escaped !== '\\') return undefined;
      value += escaped;
    } else if (char < ' ' || char > '~') return undefined;
    else value += char;
  }
  return undefined;
}

/**
 * A rough estimate of a key's entropy: its length (dashes aside) times the bits of the smallest
 * alphabet its characters come from (digits, hex, lowercase base36, base64url, printable ASCII); a key
 * that repeats a few characters scores nothing. A UUID v4 scores 128, 16 random bytes in base64url
 * 132; "register-1", a counter or 32 zeros score too little.
 */
export function estimatedKeyBits(key: string): number {
  const alphabets: Array<[RegExp, number]> = [
    [/^[0-9]+$/, 10],
    [/^[0-9a-f-]+$/i, 16],
    [/^[a-z0-9_-]+$/, 38],
    [/^[A-Za-z0-9_-]+$/, 64],
  ];
  const alphabet = alphabets.find(([pattern]) => pattern.test(key))?.[1] ?? 95;
  const length = key.replace(/-/g, '').length;
  // A random key uses many of its alphabet's characters; one that does not is a word, a count or a pattern.
  if (new Set(key.replace(/-/g, '')).size < Math.min(length, alphabet) / 4) return 0;
  return length * Math.log2(alphabet);
}

export function checkSecretKey(key: string): void {
  if (estimatedKeyBits(key) < SECRET_KEY_MIN_BITS) {
    throw new ApiError(
      'invalid_parameter',
      'Header "Idempotency-Key" on this route must be a fresh random value: whoever repeats it gets the same answer.',
      { resolution: 'Send a new UUID v4 (or at least 16 random bytes in base64url) for each registration.' },
    );
  }
}

export function fingerprint(method: string, path: string, body: Uint8Array | undefined): string {
  const hash = createHash('sha256').update(`${method} ${path}\n`);
  if (body) hash.update(body);
  return hash.digest('base64url');
}

/**
 * Whether the answer to a request may be kept for an Idempotency-Key. Such an answer is sent uncoded
 * by the core: its replay goes to whatever the repeat accepts, and the transport codes each sending.
 */
export function mayBeKeptForReplay(request: CoreRequest): boolean {
  return request.headers.get('idempotency-key') !== null;
}

export function recordKey(client: string, key: string): string {
  return createHash('sha256').update(`${client}\n${key}`).digest('base64url');
}

function sealingKey(idempotencyKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', idempotencyKey, 'research-hub', 'idempotent-replay', 32));
}

function seal(body: Uint8Array, idempotencyKey: string): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(idempotencyKey), iv);
  const sealed = Buffer.concat([cipher.update(body), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

function open(sealed: Uint8Array, idempotencyKey: string): Uint8Array {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(idempotencyKey), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

export interface IdempotentCall {
  store: IdempotencyStore;
  /** Who the key belongs to: the rate-limit client. */
  client: string;
  /** The network address the record counts against. */
  owner: string;
  key: string;
  fingerprint: string;
  /** The answer is a secret: kept sealed under the key. */
  secret: boolean;
  headers: Record<string, string>;
}

/** A claimed key: the answer made under it is kept for replay once it is made (settleClaim). */
export interface Claim {
  call: IdempotentCall;
  storeKey: string;
}

/**
 * Claims the key for this request: the kept answer when it is a repeat (marked Idempotent-Replayed),
 * else the claim to settle once the answer is made. A key in use, or used with another request, is refused.
 */
export async function claimKey(call: IdempotentCall): Promise<{ replay: CoreResponse } | { claim: Claim }> {
  const storeKey = recordKey(call.client, call.key);
  const decision = await call.store.begin(storeKey, call.fingerprint, call.owner);
  if (decision.kind === 'mismatch') {
    throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
  }
  if (decision.kind === 'in-flight') {
    throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed.', {
      headers: { 'Retry-After': String(decision.retryAfterSeconds ?? 1) },
    });
  }
  if (decision.kind === 'replay') {
    const { response } = decision;
    const body = call.secret && typeof response.body !== 'string' ? open(response.body, call.key) : response.body;
    const headers = { ...call.headers, ...response.headers, 'Idempotent-Replayed': 'true' };
    return { replay: { status: response.status, headers, body } };
  }
  return { claim: { call, storeKey } };
}

/**
 * Keeps the answer made under a claim, or gives the claim up when there is none (the request failed):
 * streams cannot be replayed and server errors may be retried, so neither is kept.
 */
export async function settleClaim({ call, storeKey }: Claim, response: CoreResponse | undefined): Promise<void> {
  const body = response?.body;
  if (response && response.status < 500 && body !== undefined && body !== null && !isStreamBody(body)) {
    const whole = wholeBody(body);
    const kept: StoredResponse = {
      status: response.status,
      headers: response.headers,
      body: call.secret ? seal(typeof whole === 'string' ? Buffer.from(whole) : whole, call.key) : whole,
    };
    await call.store.complete(storeKey, kept);
  } else await call.store.abandon(storeKey);
}

/** Claim, run and keep in one call, for a caller that makes its answer itself (the dispatcher runs them as phases). */
export async function withIdempotency(call: IdempotentCall, run: () => Promise<CoreResponse>): Promise<CoreResponse> {
  const claimed = await claimKey(call);
  if ('replay' in claimed) return claimed.replay;
  let response: CoreResponse | undefined;
  try {
    response = await run();
    return response;
  } finally {
    await settleClaim(claimed.claim, response);
  }
}
