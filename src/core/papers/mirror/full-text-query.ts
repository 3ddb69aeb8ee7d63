// User query text → an FTS5 MATCH expression. The expression is built only from double-quoted strings
// of letters, digits and marks joined by AND, so no input can reach FTS5's own syntax (NEAR, *, ^,
// column filters, bare operators): hostile text searches for its words or for nothing, never errors.
// The rules follow OpenAlex's `search`: "quoted phrases" must appear as phrases, every other word
// must appear, and English stop words are dropped. Stemming is the index's (porter), applied by FTS5
// to the query words too.

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The English stop words of Lucene and Elasticsearch (OpenAlex's engine), which OpenAlex drops from
 * searches. Among them are and/or/not, so those words never act as operators either.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for if in into is it no not of on or such that the their then there these ' +
    'they this to was will with'
  ).split(' '),
);

const words = (text: string) => text.match(WORD) ?? [];

/** The MATCH expression for a query, or undefined when the query has no word to search for. */
export function toMatchExpression(query: string): string | undefined {
  const parts: string[] = [];
  const loose = query.replace(/"([^"]*)"/g, (_quoted, phrase: string) => {
    const phraseWords = words(phrase);
    // WORD never matches a double quote, so wrapping in quotes needs no escaping.
    if (phraseWords.length > 0) parts.push(`"${phraseWords.join(' ')}"`);
    return ' ';
  });
  for (const word of words(loose)) {
    if (!STOP_WORDS.has(word.toLowerCase())) parts.push(`"${word}"`);
  }
  return parts.length > 0 ? [...new Set(parts)].join(' AND ') : undefined;
}
