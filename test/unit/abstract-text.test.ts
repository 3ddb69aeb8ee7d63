import { describe, expect, it } from 'vitest';
import { abstractText, splitAbstract } from '../../src/core/papers/openalex/abstract-text.ts';
import { syntheticWorks } from '../support/synthetic-works.mjs';

// The inverted index of "Deep nets learn. Deep nets generalise." as OpenAlex ships it.
const INDEX = { Deep: [0, 3], nets: [1, 4], 'learn.': [2], 'generalise.': [5] };
const TEXT = 'Deep nets learn. Deep nets generalise.';

describe('abstractText', () => {
  it('puts every word at its positions', () => {
    expect(abstractText(INDEX)).toBe(TEXT);
    expect(abstractText(null)).toBe('');
    expect(abstractText({})).toBe('');
  });

  it('skips malformed entries and closes gaps instead of failing', () => {
    expect(abstractText({ a: [0], b: 'x', c: [2, -1, 1.5, 'y', 1e9], d: null })).toBe('a c');
  });
});

describe('splitAbstract', () => {
  const record = { id: 'W1', title: 'T', abstract_inverted_index: INDEX, cited_by_count: 3 };

  it('rebuilds the abstract from the JSON text and leaves the rest of the record intact', () => {
    const split = splitAbstract(JSON.stringify(record));
    expect(split?.abstract).toBe(TEXT);
    expect(JSON.parse(split!.record)).toEqual({ ...record, abstract_inverted_index: null });
  });

  it('gives the text abstractText gives, for every synthetic work', () => {
    for (const work of syntheticWorks(300)) {
      const expected = abstractText(work['abstract_inverted_index'] as Record<string, unknown>);
      expect(expected.split(' ').length).toBeGreaterThan(100);
      expect(splitAbstract(JSON.stringify(work))?.abstract).toBe(expected);
      expect(splitAbstract(JSON.stringify(work, null, 1))?.abstract).toBe(expected);
    }
    expect(splitAbstract('{"abstract_inverted_index": { } }')).toEqual({
      record: '{"abstract_inverted_index": null }',
      abstract: '',
    });
  });

  it('reads escaped words, braces and brackets inside words, and spaces around separators', () => {
    const tricky = { 'say\u00a0"hi"': [1], '{x}': [0], 'a]b': [2], 'c\\d': [3] };
    const json = JSON.stringify({ id: 'W1', abstract_inverted_index: tricky, after: '}' }).replace(':[', ' : [');
    const split = splitAbstract(json);
    expect(split?.abstract).toBe(abstractText(tricky));
    expect(JSON.parse(split!.record)).toMatchObject({ abstract_inverted_index: null, after: '}' });
  });

  it('declines what it cannot split, so the caller parses the record whole', () => {
    expect(splitAbstract(JSON.stringify({ id: 'W1' }))).toBeUndefined();
    expect(splitAbstract(JSON.stringify({ id: 'W1', abstract_inverted_index: null }))).toBeUndefined();
    const page = { results: [{ abstract_inverted_index: INDEX }, { abstract_inverted_index: INDEX }] };
    expect(splitAbstract(JSON.stringify(page))).toBeUndefined();
    expect(splitAbstract('{"abstract_inverted_index":{"a":[0]')).toBeUndefined();
    for (const list of ['[1 2]', '[1,]', '[,1]', '[-1]', '[1.5]', '["1"]', '[1e2]'])
      expect(splitAbstract(`{"abstract_inverted_index":{"a":${list}}}`), list).toBeUndefined();
    expect(splitAbstract('{"abstract_inverted_index":{"a":[0] "b":[1]}}')).toBeUndefined();
    // The key's text inside a string value is escaped, so it is never taken for the key.
    const quoted = JSON.stringify({ title: '"abstract_inverted_index":{"a":[0]}' });
    expect(splitAbstract(quoted)).toBeUndefined();
  });
});
