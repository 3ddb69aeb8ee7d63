// Citation export read back by an independent BibTeX parser (@retorquere/bibtex-parser, not the
// Citation.js that writes it) and checked against the Citation Style Language's own CSL-JSON schema.
import { parseAsync } from '@retorquere/bibtex-parser';

import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citationKeys, citationText, cslItems, type Citable } from '../../src/core/papers/citations/citation-export.ts';
import { OpenAlexWorkSchema } from '../../src/core/papers/openalex/work.ts';
import { toPaperRecord, toSearchResultItem } from '../../src/core/papers/openalex/work-mapping.ts';

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

// Works in OpenAlex's shape, their facts taken from real records (../shared/data/openalex): what a
// reference manager reads of each, from the record our mapping makes of it.
const OPENALEX_WORKS = {
  // EMNLP 2019: OpenAlex files it as an article with no source; the publisher's type and venue say more.
  proceedings: {
    id: 'https://openalex.org/W2970641574',
    doi: 'https://doi.org/10.18653/v1/d19-1410',
    display_name: 'Sentence-BERT: Sentence Embeddings using Siamese BERT-Networks',
    publication_year: 2019,
    type: 'article',
    primary_location: {
      landing_page_url: 'https://doi.org/10.18653/v1/d19-1410',
      source: null,
      raw_source_name: 'Proceedings of the 2019 Conference on Empirical Methods in Natural Language Processing',
      raw_type: 'proceedings-article',
    },
    authorships: [{ author: { display_name: 'Nils Reimers' } }, { author: { display_name: 'Iryna Gurevych' } }],
  },
  preprint: {
    id: 'https://openalex.org/W2626778328',
    doi: 'https://doi.org/10.48550/arxiv.1706.03762',
    display_name: 'Attention Is All You Need',
    publication_year: 2017,
    type: 'preprint',
    primary_location: {
      landing_page_url: 'https://arxiv.org/abs/1706.03762',
      source: { display_name: 'arXiv (Cornell University)', type: 'repository' },
    },
    authorships: [{ author: { display_name: 'Ashish Vaswani' } }],
  },
  journal: {
    id: 'https://openalex.org/W4388778348',
    doi: 'https://doi.org/10.1002/aaai.12132',
    display_name: 'Artificial intelligence and the future of work',
    publication_year: 2023,
    type: 'article',
    primary_location: {
      landing_page_url: 'https://doi.org/10.1002/aaai.12132',
      source: { display_name: 'AI Magazine', type: 'journal' },
    },
    authorships: [{ author: { display_name: 'Kevin Leyton\u2010Brown' } }, { author: { display_name: '池谷 裕二' } }],
    biblio: { volume: '44', issue: '4', first_page: '1', last_page: '9' },
  },
  // No source and no raw venue: the landing page's host is all there is.
  hostOnly: {
    id: 'https://openalex.org/W9100000001',
    doi: 'https://doi.org/10.5555/host-only',
    display_name: 'A work known only by its landing page',
    publication_year: 2020,
    type: 'article',
    primary_location: { landing_page_url: 'https://doi.org/10.5555/host-only', source: null },
    authorships: [{ author: { display_name: 'Ann Example' } }],
  },
  chapter: {
    id: 'https://openalex.org/W9100000002',
    doi: 'https://doi.org/10.1007/978-3-030-00000-0_1',
    display_name: 'Search in Practice',
    publication_year: 2021,
    type: 'book-chapter',
    primary_location: { source: { display_name: 'Lecture Notes in Computer Science', type: 'book series' } },
    authorships: [{ author: { display_name: 'Ann Example' } }],
  },
};

const records = (works: object[]) => works.map((work) => toPaperRecord(OpenAlexWorkSchema.parse(work)));

describe('references a reference manager accepts unchanged', () => {
  const { proceedings, preprint, journal, hostOnly, chapter } = OPENALEX_WORKS;

  it('gives each kind of work its BibTeX entry type and its venue, never a URL host', async () => {
    const parsed = await parseAsync(
      await citationText(records([proceedings, preprint, journal, hostOnly, chapter]), 'bibtex'),
      LITERAL,
    );
    expect(parsed.errors).toEqual([]);
    const [conference, arxiv, article, bare, inBook] = parsed.entries;
    expect(conference?.type).toBe('inproceedings');
    expect(conference?.fields['booktitle']).toBe(proceedings.primary_location.raw_source_name);
    expect(arxiv?.type).toBe('misc');
    expect(arxiv?.fields['eprint']).toBe('1706.03762');
    expect(String(arxiv?.fields['archiveprefix'] ?? arxiv?.fields['eprinttype'])).toMatch(/^arxiv$/i);
    expect(arxiv?.fields['journal']).toBeUndefined();
    expect(article?.type).toBe('article');
    expect(article?.fields['journal']).toBe('AI Magazine');
    expect(inBook?.type).toBe('incollection');
    expect(inBook?.fields['booktitle']).toBe('Lecture Notes in Computer Science');
    for (const entry of parsed.entries) {
      for (const field of ['journal', 'booktitle', 'howpublished']) {
        expect(String(entry.fields[field] ?? ''), `${entry.key} ${field}`).not.toMatch(/^(doi\.org|arxiv\.org)$/i);
      }
    }
    expect(bare?.type).toBe('misc');
  });

  it('says a venue from a search result and never a host it names for want of one', async () => {
    const items = [proceedings, hostOnly].map((work) => toSearchResultItem(OpenAlexWorkSchema.parse(work), undefined));
    expect(items[0]?.source).toBe(proceedings.primary_location.raw_source_name);
    const csl = JSON.parse(await citationText(items, 'csl'));
    expect(csl[0]).toMatchObject({ type: 'paper-conference', 'container-title': items[0]?.source });
    expect(csl[1]['container-title']).toBeUndefined();
  });

  it('keeps every field once: no howpublished repeating the url', async () => {
    const text = await citationText(records([journal, preprint]), 'bibtex');
    for (const entry of (await parseAsync(text, LITERAL)).entries) {
      expect(entry.fields['howpublished'] === undefined || entry.fields['howpublished'] !== entry.fields['url']).toBe(
        true,
      );
    }
    expect(text).not.toMatch(/howpublished = \{https?:/);
  });

  it('keeps names whole: a U+2010 hyphen as a hyphen, letters with no LaTeX form as written', async () => {
    const [entry] = (await parseAsync(await citationText(records([journal]), 'bibtex'), LITERAL)).entries;
    const authors = entry?.fields['author'] as Array<{ lastName?: string; firstName?: string; name?: string }>;
    expect(authors[0]?.lastName).toBe('Leyton-Brown');
    expect(JSON.stringify(authors[1])).toContain('池谷');
    expect(JSON.stringify(authors[1])).toContain('裕二');
  });

  it('gives a published article its arXiv eprint when its open copy is on arXiv, and takes only real ids', async () => {
    const [published] = records([journal]);
    const onArxiv = { ...published!, open_access_url: 'https://arxiv.org/pdf/2301.01234v2.pdf' };
    const odd = { ...published!, id: 'W2', open_access_url: 'https://arxiv.org/abs/2301.0}1234' };
    const [withEprint, without] = (await parseAsync(await citationText([onArxiv, odd], 'bibtex'), LITERAL)).entries;
    expect(withEprint?.type).toBe('article');
    expect(withEprint?.fields['eprint']).toBe('2301.01234');
    expect(without?.fields['eprint']).toBeUndefined();
  });

  it('types CSL items as CSL says and stays valid against the CSL schema', async () => {
    const items = JSON.parse(await citationText(records([proceedings, preprint, journal, hostOnly, chapter]), 'csl'));
    expect(validateCsl(items), JSON.stringify(validateCsl.errors)).toBe(true);
    expect(items.map((item: { type: string }) => item.type)).toEqual([
      'paper-conference',
      'article',
      'article-journal',
      'article-journal',
      'chapter',
    ]);
    expect(items[1]).toMatchObject({ archive: 'arXiv', number: '1706.03762' });
    expect(items[2].author[0]).toEqual({ given: 'Kevin', family: 'Leyton\u2010Brown' });
  });
});
