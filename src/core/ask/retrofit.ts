// Word vectors fitted to the site's own vocabulary, from its glossary: each word of a term's names
// ("slashing", "oracle", "paymaster") moved towards the vector of the term's definition, which says
// in everyday words what the name means. General English vectors know "slashing" as cutting and
// "oracle" as a database company; after this they sit near "penalty, destroying stake" and "prices
// from outside the chain", where an asker's words are. A name the table lacks ("restaking") gets its
// definition's vector outright. (Retrofitting word vectors to a lexicon, after Faruqui et al. 2015.)
import { DIMENSIONS, fromBase64, toBase64, unit, type SerialisedVectors, type WordVectors } from './semantic.ts';
import { indexTerm, rawWords } from './text.ts';

/** A name word's own vector's share against its definitions' (1 keeps the general vector as it is). */
export const OWN_SHARE = 0;

export interface GlossaryTerm {
  names: readonly string[];
  definition: string;
}

/**
 * The table with the glossary's name words fitted to their terms' definitions (OWN_SHARE of their
 * own vector, the rest the mean of the definitions of the terms they name) and the names' words it
 * lacked added. `vectors` embeds with the original table and the content's word weights.
 */
export function retrofitted(
  table: SerialisedVectors,
  vectors: WordVectors,
  terms: readonly GlossaryTerm[],
): SerialisedVectors {
  const meanings = new Map<string, Float32Array>();
  for (const { names, definition } of terms) {
    const meaning = vectors.embed([{ text: definition, weight: 1 }]);
    if (!meaning) continue;
    const nameWords = new Set(names.flatMap((name) => rawWords(name).map((word) => word.toLowerCase())));
    for (const word of nameWords) {
      if (!/^\p{L}+$/u.test(word) || indexTerm(word) === null) continue;
      const sum = meanings.get(word) ?? new Float32Array(DIMENSIONS);
      for (let dimension = 0; dimension < DIMENSIONS; dimension += 1) sum[dimension]! += meaning[dimension]!;
      meanings.set(word, sum);
    }
  }
  const rows = new Map(table.words.map((word, at) => [word, at]));
  const added = [...meanings.keys()].filter((word) => !rows.has(word));
  const words = [...table.words, ...added];
  const data = new Int8Array(words.length * DIMENSIONS);
  data.set(fromBase64(table.data));
  words.forEach((word, at) => {
    const meaning = meanings.get(word);
    if (!meaning) return;
    const fitted = unit(meaning);
    const offset = at * DIMENSIONS;
    if (at < table.words.length) {
      const own = unit(Float32Array.from(data.subarray(offset, offset + DIMENSIONS), (value) => value / 127));
      for (let dimension = 0; dimension < DIMENSIONS; dimension += 1)
        fitted[dimension] = OWN_SHARE * own[dimension]! + (1 - OWN_SHARE) * fitted[dimension]!;
    }
    unit(fitted).forEach((value, dimension) => (data[offset + dimension] = Math.round(value * 127)));
  });
  return { words, data: toBase64(data) };
}
