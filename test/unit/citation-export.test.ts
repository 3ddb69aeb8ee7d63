// Citation export read back by an independent BibTeX parser (@retorquere/bibtex-parser, not the
// Citation.js that writes it) and checked against the Citation Style Language's own CSL-JSON schema.
import { parseAsync } from '@retorquere/bibtex-parser';

import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citationKeys, citationText, cslItems, type Citable } from '../../src/core/papers/citations/citation-export.ts';

/** Read titles as written: the parser's default recases unprotected words, as some styles do. */
const LITERAL = { sentenceCase: false } as const;

const cslSchema = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/csl/csl-data.json'), 'utf8'),
) as Record<string, unknown>;
const validateCsl = new Ajv({ strict: false }).compile(cslSchema);

function paper(overrides: Partial<Citable> = {}): Citable {
  return {
    title: 'Attention Is All You Need',
    source: 'arXiv (Cornell University)',
    url: 'https://doi.org/10.48550/arxiv.1706.03762',
    date: '2017',
    publication_date: '2017-06-12',
    category: 'Natural Language Processing',
    type: 'Preprint',
    citations: 100,
    id: 'https://openalex.org/W9000000001',
    doi: 'https://doi.org/10.48550/arxiv.1706.03762',
    authors: ['Ashish Vaswani', 'Noam Shazeer'],
    open_access_url: null,
    ...overrides,
  };
}

const HARD_TITLES = [
  'Braces {kept} & 100% of $5 #1 under_score',
  'Back\\slash, tilde ~ and caret ^ in a title',
  'Über Müller: Ångström-scale “quotes” — and a dash',
  'Zero-knowledge proofs: {zk}-{SNARKs} vs. zk-STARKs',
];

describe('BibTeX', () => {
  it('reads back with the same titles, authors, years and DOIs, whatever characters they hold', async () => {
    const papers = HARD_TITLES.map((title, index) =>
      paper({
        title,
        authors: ['Jean-Pierre de la Fontaine', `Ada Lovelace ${index}`],
        id: `https://openalex.org/W${index}`,
      }),
    );
    const parsed = await parseAsync(await citationText(papers, 'bibtex'), LITERAL);
    expect(parsed.errors).toEqual([]);
    // The same text: the parser may compose accented letters differently (Unicode NFC vs NFD).
    expect(parsed.entries.map((entry) => String(entry.fields['title']).normalize('NFC'))).toEqual(
      HARD_TITLES.map((title) => title.normalize('NFC')),
    );
    for (const entry of parsed.entries) {
      expect(entry.fields['year']).toBe('2017');
      expect(entry.fields['doi']).toBe('10.48550/arxiv.1706.03762');
      const [first] = entry.fields['author'] as Array<{ lastName?: string; firstName?: string }>;
      expect(first?.lastName).toMatch(/Fontaine$/);
    }
  });

  it('gives keys that are stable across files and unique within one', async () => {
    const same = [paper(), paper({ id: 'W2' }), paper({ id: 'W3' }), paper({ title: 'A Survey of Attention' })];
    const keys = citationKeys(same);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe(citationKeys([paper()])[0]);
    expect(keys[0]).toBe('vaswani2017attention');
    expect(keys[3]).toBe('vaswani2017survey');
    const parsed = await parseAsync(await citationText(same, 'bibtex'), LITERAL);
    expect(parsed.entries.map((entry) => entry.key)).toEqual(keys);
    // Keys stay plain ASCII whatever the names hold.
    expect(citationKeys([paper({ authors: ['Åsa Öberg'], title: 'Ökonomie' })])[0]).toBe('oberg2017okonomie');
    expect(citationKeys([paper({ authors: [], date: 'Unknown', title: 'The' })])[0]).toBe('anon');
  });
});

describe('CSL-JSON', () => {
  it('is valid against the CSL schema, with the full record where there is one', async () => {
    const full = {
      ...paper(),
      authors: ['OpenAI', 'Y. LeCun'],
      abstract: 'We propose a new architecture.',
      venue: 'NeurIPS',
      volume: '30',
      issue: null,
      pages: '5998-6008',
      references_count: 40,
    };
    const items = JSON.parse(await citationText([full, paper({ publication_date: null, type: 'Dataset' })], 'csl'));
    expect(validateCsl(items), JSON.stringify(validateCsl.errors)).toBe(true);
    expect(items[0]).toMatchObject({ type: 'article', 'container-title': 'NeurIPS', page: '5998-6008', volume: '30' });
    expect(items[0].author).toEqual([{ family: 'OpenAI' }, { given: 'Y.', family: 'LeCun' }]);
    expect(items[1].issued).toEqual({ 'date-parts': [[2017]] });
    expect(cslItems([full])[0]?.DOI).toBe('10.48550/arxiv.1706.03762');
  });
});
