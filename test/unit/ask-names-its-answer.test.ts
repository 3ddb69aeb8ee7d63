// A question asking what a thing it describes is called does not ask for a name it writes itself
// (decline.ts, namesItsAnswer): "the cut an NFT artist gets whenever their piece is resold" is not
// called "NFT", so the NFT term leading it answers nothing, while the same question about a term
// it never names is answered from that term.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { namesItsAnswer } from '../../src/core/ask/asks-name.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { descalerTerm, fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

describe('namesItsAnswer', () => {
  const glossary = (slug: string) => ({ type: 'glossary', slug });
  // The glossary of these tests: "non-fungible token", alias "NFT"; "kettle".
  const slugsNamed = (name: string) =>
    ({ nft: ['non-fungible-token'], 'non-fungible token': ['non-fungible-token'], kettle: ['kettle'] })[
      name.toLowerCase()
    ] ?? [];

  it('holds when a naming question writes the leading term’s title or alias', () => {
    const asked = 'What is the cut an NFT artist gets whenever their piece is resold called?';
    expect(namesItsAnswer(asked, glossary('non-fungible-token'), slugsNamed)).toBe(true);
    const nameOf = "What's the name of the NFT idea of one token shared by many owners?";
    expect(namesItsAnswer(nameOf, glossary('non-fungible-token'), slugsNamed)).toBe(true);
    const that = "What's that NFT market that pays its artists in kettles?";
    expect(namesItsAnswer(that, glossary('non-fungible-token'), slugsNamed)).toBe(true);
  });

  it('does not hold for another term, a section, or a question that asks no name', () => {
    const asked = 'What is the cut an NFT artist gets whenever their piece is resold called?';
    expect(namesItsAnswer(asked, glossary('kettle'), slugsNamed)).toBe(false);
    expect(namesItsAnswer(asked, { type: 'essay', slug: 'non-fungible-token' }, slugsNamed)).toBe(false);
    expect(namesItsAnswer('Why do NFT artists sell their work?', glossary('non-fungible-token'), slugsNamed)).toBe(
      false,
    );
  });
});

describe.runIf(readWordVectors())('a naming question led by a term it names', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'non-fungible-token',
        'Non-fungible token',
        'A non-fungible token is a token of its own kind that records who owns a piece of digital art.',
        'An artist mints the piece as a token; whoever holds the token owns the piece and may sell it on.',
        ['NFT'],
      ),
      descalerTerm(),
      ...fillerTerms(40),
    ]);
  }, 60_000);

  it('is declined: the asker knows that name, and the content names nothing else for the thing', () => {
    const result = index.search('What is the cut an NFT artist gets whenever their piece is sold on called?', options);
    expect(result.sources[0]?.slug).toBe('non-fungible-token');
    expect(result.answer).toBeNull();
  });

  it('is answered when the term leading is one the question never names', () => {
    const result = index.search('What is it called when an acid dissolves the limescale a kettle builds up?', options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('descaler');
  });
});
