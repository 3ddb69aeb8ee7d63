// Choosing between a glossary term and an essay section, in process: a question about why or how
// something happens is answered by the essay section that treats it, even when a term is named
// after the question's subject; a question asking what a thing is keeps the term's definition.
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/core/ask/ask-documents.ts';
import { AskIndex, type AskOptions } from '../../src/core/ask/ask-index.ts';
import { glossaryTerm } from '../support/ask-documents.ts';

const bridges: AskDocument = {
  type: 'essay',
  slug: 'bridges',
  title: 'Bridges and cross-chain risk',
  aliases: [],
  definition: null,
  body: [
    'Moving value between chains means trusting whoever attests to what happened on the other side.',
    '## Why the same mistakes repeat',
    'Bridges are risky because a bridge pools tokens.',
  ].join('\n\n'),
  anchors: ['why-the-same-mistakes-repeat'],
  url: 'http://x/essays/bridges',
  markdownUrl: 'http://x/essays/bridges.md',
};

const documents = [
  bridges,
  glossaryTerm(
    'bridge',
    'Bridge',
    'A protocol that moves tokens from one chain to another, holding them on one side and issuing claims on the other.',
    'Bridges are risky: their hacks are among the largest thefts in crypto, and users of a bridge often cannot tell who holds its keys or how many signers must agree before tokens move.',
  ),
  // Other terms, so that a bridge is a rare subject, as in a real glossary.
  ...[
    ['Oracle', 'Brings prices onto a chain, and a wrong price is risky.'],
    ['Validator', 'Signs blocks and is risky to run badly.'],
    ['Wallet', 'Holds keys for an account.'],
    ['Mempool', 'The queue of pending transactions.'],
    ['Slashing', 'Destroys part of a stake.'],
  ].map(([title, definition]) => glossaryTerm(title!.toLowerCase(), title!, definition!, '')),
];

const index = AskIndex.load(JSON.parse(JSON.stringify(AskIndex.build(documents, { words: [], data: '' }))));
const both: AskOptions = { limit: 5, types: ['essay', 'glossary'] };

describe('an essay section or a glossary term', () => {
  it('answers why something happens from the essay section that treats it', () => {
    const [first] = index.search('why are bridges risky', both).sources;
    expect(first).toMatchObject({ slug: 'bridges', section: 'Why the same mistakes repeat' });
  });

  it('answers what a thing is from the term', () => {
    expect(index.search('what is a bridge', both).sources[0]).toMatchObject({ type: 'glossary', slug: 'bridge' });
  });
});
