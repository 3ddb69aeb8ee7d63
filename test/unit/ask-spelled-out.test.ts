// An acronym the content never writes but whose name it spells out ("the Maritime Shipping Safety
// Board" for "MSSB"): the speller reads the asker's short form as the content's words, and the search
// answers from where the name is written instead of declining a word it never met.
import { describe, expect, it } from 'vitest';
import { spellerFor } from '../../src/core/ask/index-build.ts';
import { spelledOutNames } from '../../src/core/ask/speller.ts';
import { essayDocument, loadedIndex } from '../support/ask-documents.ts';

const texts = [
  'In 2019 the Maritime Shipping Safety Board fined the carrier for late cargo reports.',
  'A ruling of the Maritime Shipping Safety Board found the carrier held enough reserves on a third of days.',
  'The Harbour Fee Office was cited once. Tugs and Barges work the Northern Channel Route.',
  'Tugs and Barges keep the Northern Channel Route open, and the Minimal Viable Ferry runs on the Northern Channel Route.',
  'The Minimal Viable Ferry is a design.',
];

describe('spelledOutNames', () => {
  it('gives each acronym of a name written twice or more in capitalised words the name', () => {
    const names = spelledOutNames(texts);
    expect(names.get('MSSB')).toBe('Maritime Shipping Safety Board');
    expect(names.get('NCR')).toBe('Northern Channel Route');
    expect(names.get('MVF')).toBe('Minimal Viable Ferry');
  });

  it('leaves out a name written once, and people joined by "and"', () => {
    const names = spelledOutNames(texts);
    expect(names.has('HFO')).toBe(false);
    expect(names.has('TB')).toBe(false);
  });

  it('leaves out an acronym two names share', () => {
    const names = spelledOutNames([...texts, 'The Northern Cargo Register lists ships.', 'Northern Cargo Register.']);
    expect(names.has('NCR')).toBe(false);
  });
});

describe('an acronym the content spells out', () => {
  const passage = (text: string) => ({ text, names: [] }) as unknown as Parameters<typeof spellerFor>[0][number];
  const general = (word: string) => word.toLowerCase() === 'mvf';
  const speller = spellerFor(texts.map(passage), new Map(), [], () => false, general);

  it('reads as the name', () => {
    expect(speller.correct('what did the MSSB find about the carrier')?.text).toBe(
      'what did the Maritime Shipping Safety Board find about the carrier',
    );
  });

  it('stays as asked when it is everyday English, or written in lowercase', () => {
    expect(speller.correct('how do I build an MVF')).toBeUndefined();
    expect(speller.correct('what did the mssb find')?.text ?? 'unchanged').not.toMatch(/Maritime/);
  });

  it('answers from the passage that writes the name', () => {
    const index = loadedIndex([
      essayDocument(
        'shipping',
        'Shipping rules',
        [
          '## Reserves',
          texts[1]!,
          '## Fines',
          texts[0]!,
          '## Routes',
          'Tugs and barges keep channels open through the winter, whatever the weather.',
        ],
        ['reserves', 'fines', 'routes'],
      ),
    ]);
    const result = index.search('according to the MSSB, on what share of days were reserves enough', {
      limit: 3,
      types: ['essay'],
    });
    expect(result.searched_for).toContain('Maritime Shipping Safety Board');
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.section).toBe('Reserves');
  }, 60_000);
});
