// A JSON body serialised once and kept with its forms (bytes, hash, coded bodies), so a cached answer
// is not stringified, hashed or compressed again. Below the HTTP edge and the stores alike: both keep it.
import { hash } from 'node:crypto';
import type { BoundedCache } from './bounded-cache.ts';
import { compress, type CompressedForm, type ContentEncoding } from './content-coding.ts';

/** What the handles of one JSON body share: its forms, made once and kept with the cached answer. */
interface JsonForms {
  text: string | undefined;
  bytes: Uint8Array | undefined;
  /** The opaque part of the entity tags: a hash of the UTF-8 bytes. */
  hash: string | undefined;
  /** Coded bodies, or their compression under way (one for all concurrent first requests). */
  coded: Map<CompressedForm, Uint8Array | Promise<Uint8Array>>;
  codedBytes: number;
}

/**
 * A JSON body serialised ahead of time, so memoised and cached answers skip JSON.stringify, encoding,
 * hashing and compression on every request but the first. `T` is the type of the value it spells,
 * for callers that need the value back.
 */
export class JsonText<T = unknown> {
  readonly #forms: JsonForms;

  /**
   * JSON text, or JSON already encoded as UTF-8 (a cached search page); the other form is made on
   * demand. Given another JsonText, the new one shares its forms: a per-request answer over a cached
   * page hashes and compresses nothing again. `known` seeds what a store kept: the hash and the brotli form.
   */
  constructor(json: string | Uint8Array | JsonText, known: { hash?: string; br?: Uint8Array } = {}) {
    if (json instanceof JsonText) {
      this.#forms = json.#forms;
      return;
    }
    // A kept brotli body is taken only within the budget that retainedBytes promises the caches.
    const br = known.br && typeof json !== 'string' && known.br.byteLength <= codedBudget(json) ? known.br : undefined;
    this.#forms = {
      text: typeof json === 'string' ? json : undefined,
      bytes: typeof json === 'string' ? undefined : json,
      hash: known.hash,
      coded: new Map(br ? [['br', br]] : []),
      codedBytes: br?.byteLength ?? 0,
    };
  }

  get text(): string {
    this.#forms.text ??= new TextDecoder().decode(this.#forms.bytes);
    return this.#forms.text;
  }

  get bytes(): Uint8Array {
    if (this.#forms.bytes === undefined) {
      // A Buffer, as node's streams wrap a plain Uint8Array in one on each write; over memory of its
      // own, as Buffer.from(text) would slice a short body out of the shared pool and keep all 8 KiB
      // of it alive as long as the cache keeps the answer.
      const encoded = new TextEncoder().encode(this.#forms.text);
      this.#forms.bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    }
    return this.#forms.bytes;
  }

  /** The value, parsed afresh: callers may keep or change it without touching the shared text. */
  value(): T {
    return JSON.parse(this.text) as T;
  }

  /** 128 bits of SHA-256 of the bytes, base64url: the same body gives the same tag on every instance. */
  get hash(): string {
    this.#forms.hash ??= hash('sha256', this.bytes, 'base64url').slice(0, 22);
    return this.#forms.hash;
  }

  /**
   * The strong entity tag of the body in a content coding. Each coding has its own tag (RFC 9110
   * section 8.8.3.3), spelt as the static files spell theirs.
   */
  etag(coding: ContentEncoding): string {
    return coding === 'identity' ? `"${this.hash}"` : `"${this.hash}-${coding}"`;
  }

  /**
   * The body compressed (a content coding, or deflate to splice), compressed on first use and kept
   * while all coded forms together fit in half the size of the JSON (which `retainedBytes` reserves),
   * so a cache's byte bound holds.
   */
  encoded(form: CompressedForm): Uint8Array | Promise<Uint8Array> {
    const forms = this.#forms;
    const known = forms.coded.get(form);
    if (known) return known;
    const compressing = compress(this.bytes, form).then(
      (coded) => {
        if (forms.codedBytes + coded.byteLength <= codedBudget(this.bytes)) {
          forms.coded.set(form, coded);
          forms.codedBytes += coded.byteLength;
        } else forms.coded.delete(form);
        return coded;
      },
      (error: unknown) => {
        forms.coded.delete(form);
        throw error;
      },
    );
    forms.coded.set(form, compressing);
    return compressing;
  }

  /** Memory the body may hold: its forms so far and the room kept for coded forms. For cache bounds. */
  get retainedBytes(): number {
    return (this.#forms.text?.length ?? 0) * 2 + this.bytes.byteLength + codedBudget(this.bytes);
  }
}

/** A JSON answer kept in `memo` under `key`: made, serialised and tagged on first use, then reused. */
export function rememberedJson<T>(memo: BoundedCache<JsonText>, key: string, make: () => T): JsonText<T> {
  return memo.remember(key, () => new JsonText(JSON.stringify(make()))) as JsonText<T>;
}

function codedBudget(bytes: Uint8Array): number {
  return Math.floor(bytes.byteLength / 2);
}
