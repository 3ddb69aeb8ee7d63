import { describe, expect, it } from 'vitest';
import { categoryOf, readableType, toSearchResultItem } from '../../src/core/papers/openalex/work-mapping.ts';
import { OpenAlexWorkSchema, pubmedIdOf } from '../../src/core/papers/openalex/work.ts';
import { fixtureWorks, SHARED_SKIP_REASON, sharedAvailable, sharedWorks } from '../support/fixtures.ts';

const byId = (id: string) => {
  const found = [...fixtureWorks.ai, ...fixtureWorks.web3].find((work) => work['id'].endsWith(id));
  if (!found) throw new Error(`fixture ${id} missing`);
  return OpenAlexWorkSchema.parse(found);
};

const REQUIRED_TEXT = ['title', 'source', 'url', 'date', 'category', 'type'] as const;

function expectComplete(item: ReturnType<typeof toSearchResultItem>) {
  for (const field of REQUIRED_TEXT) expect(item[field], field).toMatch(/\S/);
  expect(Number.isInteger(item.citations) && item.citations >= 0).toBe(true);
}

describe('toSearchResultItem', () => {
  it('maps a complete work', () => {
    const item = toSearchResultItem(byId('W9000000001'), 'ai');
    expect(item.title.toLowerCase()).toContain('attention is all you need');
    expect(item.url).toMatch(/^https:\/\/doi\.org\/10\./);
    expect(item.date).toBe('2017');
    expect(item.publication_date).toBe('2017-06-12');
    expectComplete(item);
  });

  it('falls back to the landing page host when there is no source', () => {
    const item = toSearchResultItem(byId('W9000000101'), 'web3');
    expect(item.source).toBe('bitcoin.org');
    expect(item.url).toBe('https://bitcoin.org/bitcoin.pdf');
  });

  it('falls back to the OpenAlex record when there is no DOI and no landing page', () => {
    const work = OpenAlexWorkSchema.parse({ id: 'https://openalex.org/W1', primary_location: null, doi: null });
    expect(toSearchResultItem(work, 'ai')).toEqual({
      title: 'Untitled work',
      source: 'Unknown',
      url: 'https://openalex.org/W1',
      date: 'Unknown',
      publication_date: null,
      category: 'Artificial intelligence',
      type: 'Paper',
      citations: 0,
      id: 'https://openalex.org/W1',
      doi: null,
      authors: [],
      open_access_url: null,
    });
  });

  it('gives the publication date only when it names a real day', () => {
    const dated = (publication_date: string | null) =>
      toSearchResultItem(OpenAlexWorkSchema.parse({ id: 'W4', publication_year: 2019, publication_date }), 'ai');
    expect(dated('2019-02-28').publication_date).toBe('2019-02-28');
    expect(dated('2020-02-29').publication_date).toBe('2020-02-29');
    for (const unusable of ['2019-02-29', '2019-13-01', '2019', '28/02/2019', '', null]) {
      expect(dated(unusable).publication_date, String(unusable)).toBeNull();
      expect(dated(unusable).date).toBe('2019');
    }
  });

  it('uses display_name when title is null', () => {
    expect(toSearchResultItem(byId('W9000000017'), 'ai').title).toMatch(/Word Representations/);
  });

  it('normalises bare and http DOIs to https://doi.org URLs', () => {
    const bare = OpenAlexWorkSchema.parse({ id: 'W2', doi: '10.1000/xyz' });
    expect(toSearchResultItem(bare, 'ai').url).toBe('https://doi.org/10.1000/xyz');
    const old = OpenAlexWorkSchema.parse({ id: 'W3', doi: 'http://dx.doi.org/10.1000/abc' });
    expect(toSearchResultItem(old, 'ai').url).toBe('https://doi.org/10.1000/abc');
  });

  it('labels categories from the primary topic, else the strongest specific concept, else the corpus', () => {
    expect(
      categoryOf(OpenAlexWorkSchema.parse({ id: 'W', primary_topic: { display_name: 'Topic Modeling' } }), 'ai'),
    ).toBe('Topic Modeling');
    const concepts = [
      { id: 'C41008148', display_name: 'Computer science', level: 0, score: 0.9 },
      { id: 'C119857082', display_name: 'Machine learning', level: 1, score: 0.5 },
      { id: 'C108583219', display_name: 'Deep learning', level: 2, score: 0.7 },
    ];
    expect(categoryOf(OpenAlexWorkSchema.parse({ id: 'W', concepts }), 'ai')).toBe('Deep learning');
    expect(categoryOf(OpenAlexWorkSchema.parse({ id: 'W', concepts: [], topics: [] }), 'web3')).toBe(
      'Blockchain and Web3',
    );
  });

  it('makes work types readable', () => {
    expect(readableType('book-chapter')).toBe('Book chapter');
    expect(readableType('proceedings-article')).toBe('Conference paper');
    expect(readableType('some-new-type')).toBe('Some new type');
    expect(readableType(null)).toBe('Paper');
  });

  it('maps every fixture without an empty field', () => {
    for (const work of [...fixtureWorks.ai, ...fixtureWorks.web3])
      expectComplete(toSearchResultItem(OpenAlexWorkSchema.parse(work), 'ai'));
  });
});

describe.skipIf(!sharedAvailable)('real OpenAlex records from ../shared', () => {
  it('parse and map without an empty field', () => {
    const works = [...sharedWorks('works-ai.jsonl'), ...sharedWorks('works-other.jsonl')];
    expect(works.length).toBeGreaterThan(100);
    let withoutSource = 0;
    for (const raw of works) {
      const work = OpenAlexWorkSchema.parse(raw);
      const item = toSearchResultItem(work, 'ai');
      expectComplete(item);
      if (!work.primary_location?.source) withoutSource += 1;
    }
    expect(withoutSource).toBeGreaterThan(0);
  });
});
if (!sharedAvailable) console.log(`mapping of real records ${SHARED_SKIP_REASON}`);

describe('pubmedIdOf', () => {
  it("reads the PubMed id from OpenAlex's ids.pmid URL, and degrades to none when ids are malformed", () => {
    const of = (ids: unknown) => pubmedIdOf(OpenAlexWorkSchema.parse({ id: 'https://openalex.org/W1', ids }));
    expect(of({ pmid: 'https://pubmed.ncbi.nlm.nih.gov/26017442' })).toBe('26017442');
    expect(of({ pmid: 'https://pubmed.ncbi.nlm.nih.gov/0009377276/' })).toBe('9377276');
    for (const ids of [{ pmid: 7 }, { pmid: 'https://pubmed.ncbi.nlm.nih.gov/' }, 'x', null, undefined, { doi: 'x' }])
      expect(of(ids), JSON.stringify(ids)).toBeUndefined();
  });
});
