// What a comparison asks beyond its sides: said before them in the clause that names them ("How do
// election times compare between …") it still asks for the section that discusses both; a side's
// words are those its definition's names hold, not a word the definition happens to use ("plain").
import { describe, expect, it } from 'vitest';
import { essayDocument, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const replication = essayDocument(
  'replication',
  'Keeping copies in step',
  [
    'Several servers hold copies of one log so that a failure loses nothing.',
    '## Raft: one leader at a time',
    'Raft elects a single leader, and a new election takes a few hundred milliseconds after the leader stops sending heartbeats. A cluster of five servers runs either Raft or Paxos for years without trouble.',
    '## Disks',
    'Each server writes its log to a local disk before it answers a request.',
  ],
  ['raft-one-leader-at-a-time', 'disks'],
);
const index = loadedIndex(
  [
    replication,
    glossaryTerm(
      'paxos',
      'Paxos',
      'A protocol by which a group of servers agrees on one value even when some of them fail.',
    ),
    glossaryTerm(
      'raft',
      'Raft',
      'A consensus protocol that keeps a plain, ordered log by electing one leader to append every entry.',
    ),
  ],
  NO_WORD_VECTORS,
);
const section = { slug: 'replication', section: 'Raft: one leader at a time' };

describe('a comparison that asks something of its sides', () => {
  it('is led by the section that discusses both when what it asks comes before the sides', () => {
    const result = index.search('How do election times compare between Paxos and Raft?', both);
    expect(result.sources[0]).toMatchObject(section);
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(expect.arrayContaining(['paxos', 'raft']));
  });

  it("reads a side by its definition's names, not by a word its definition uses", () => {
    expect(index.search('Paxos vs plain Raft: how long does an election take?', both).sources[0]).toMatchObject(
      section,
    );
  });

  it('is led by the definitions when only talk comes before the sides, in a clause of its own', () => {
    for (const asked of ['Paxos vs Raft?', 'genuine q - Paxos vs Raft?'])
      expect(index.search(asked, both).sources[0], asked).toMatchObject({ slug: 'paxos' });
  });
});
