// A question may write as one word what the content writes as two ("webpage" for "web page": ask-dev28,
// "Can a webpage trick my AI assistant …" was declined as never mentioned). The speller parts such
// a word when the content writes its two halves one after the other, and never writes it whole.
import { describe, expect, it } from 'vitest';
import { Speller, vocabularyOf } from '../../src/core/ask/speller.ts';
import { spellerFor } from '../../src/core/ask/index-build.ts';
import { essayPassage } from '../support/ask-documents.ts';

describe('a word the content writes as two', () => {
  const texts = ['Instructions hidden in a web page reach the model.', 'The page loads on the web server.'];

  it('is parted where the content writes the halves one after the other', () => {
    const speller = spellerFor(
      texts.map((text) => essayPassage(text)),
      new Map(),
    );
    expect(speller.correct('can a webpage trick my agent')).toEqual({
      text: 'can a web page trick my agent',
      changes: [{ from: 'webpage', to: 'web page' }],
    });
  });

  it('is left whole where the content writes it whole, never pairs the halves, or the word is short', () => {
    const whole = spellerFor([essayPassage('A webpage and a web page are the same thing.')], new Map());
    expect(whole.correct('can a webpage trick my agent')).toBeUndefined();
    const apart = new Speller(vocabularyOf(['The server sends the page. A web of links.']), [], () => false);
    expect(apart.correct('serverpage')).toBeUndefined();
    const pairs = new Speller(
      vocabularyOf(texts),
      [],
      () => false,
      new Map(),
      () => new Map(),
      () => true,
    );
    expect(pairs.correct('webby')).toBeUndefined();
  });
});
