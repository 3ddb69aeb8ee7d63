// listRelatedEssays in process: its ranking (a shared tag counts 3, a shared linked glossary term 1,
// ties to the newer essay) on a small made-up shelf, and that the essays' Markdown twins are read
// once for the content, not again for each essay asked about.
import { describe, expect, it } from 'vitest';
import { ContentService } from '../../src/core/content/content-service.ts';
import type { EssayRecord } from '../../src/core/content/content-data.ts';
import { listRelatedEssays } from '../../src/core/operations/essays.ts';
import { testDeps } from '../support/core-deps.ts';

const SITE = 'http://localhost:4321';

function essay(slug: string, date: string, tags: string[]): EssayRecord {
  const url = `${SITE}/essays/${slug}`;
  return { slug, title: slug, description: `About ${slug}.`, date, tags, url, markdownUrl: `${url}.md`, updated: null };
}

/** Each essay's Markdown, linking glossary terms as the built twins do (relative and absolute). */
const TWINS: Record<string, string> = {
  one: 'See [A](/glossary/a) and [B](https://example.org/glossary/b#top).',
  two: 'Uses [A](/glossary/a), [C](/glossary/c).',
  three: 'Mentions [A](/glossary/a) and [B](/glossary/b).',
  four: 'No links here.',
  five: 'Only [Z](/glossary/z).',
  six: 'Nothing linked.',
};

function setup() {
  const essays = [
    essay('one', '2024-05-01', ['ai', 'math']),
    essay('two', '2024-04-01', ['ai']),
    essay('three', '2024-03-01', ['web3']),
    essay('four', '2024-02-01', ['math']),
    essay('five', '2024-01-01', ['web3']),
    essay('six', '2023-12-01', ['math']),
  ];
  const reads: string[] = [];
  const readSiteFile = (path: string) => {
    reads.push(path);
    const slug = /^\/essays\/([a-z]+)\.md$/.exec(path)?.[1];
    return Promise.resolve(slug === undefined ? undefined : TWINS[slug]);
  };
  const content = new ContentService({ siteUrl: SITE, essays, glossary: [], curriculum: [] });
  const deps = testDeps({ content, readSiteFile });
  return { reads, context: { deps, clientAddress: '127.0.0.1' } };
}

describe('related essays', () => {
  it('ranks by 3 per shared tag and 1 per shared linked term, ties newest first, sharing nothing left out', async () => {
    const { context } = setup();
    const answer = await listRelatedEssays.run({ slug: 'one', limit: 50 }, context);
    const ranked = answer.related.map(({ slug, shared_tags, shared_terms, score }) => ({
      slug,
      shared_tags,
      shared_terms: [...shared_terms].sort(),
      score,
    }));
    expect(ranked).toEqual([
      { slug: 'two', shared_tags: ['ai'], shared_terms: ['a'], score: 4 },
      { slug: 'four', shared_tags: ['math'], shared_terms: [], score: 3 },
      { slug: 'six', shared_tags: ['math'], shared_terms: [], score: 3 },
      { slug: 'three', shared_tags: [], shared_terms: ['a', 'b'], score: 2 },
    ]);
    expect(answer.total).toBe(4);
    expect((await listRelatedEssays.run({ slug: 'one', limit: 2 }, context)).related.map((each) => each.slug)).toEqual([
      'two',
      'four',
    ]);
  });

  it('reads each twin once for the content, whichever essays are asked about', async () => {
    const { reads, context } = setup();
    for (const slug of ['one', 'two', 'three', 'four', 'five', 'six', 'one']) {
      await listRelatedEssays.run({ slug, limit: 5 }, context);
    }
    expect([...reads].sort()).toEqual(
      Object.keys(TWINS)
        .map((slug) => `/essays/${slug}.md`)
        .sort(),
    );
    const five = await listRelatedEssays.run({ slug: 'five', limit: 5 }, context);
    expect(five.related.map((each) => each.slug)).toEqual(['three']);
  });

  it('reads again after a failed read rather than keeping the failure', async () => {
    const { context } = setup();
    let fail = true;
    const read = context.deps.readSiteFile!;
    const flaky = {
      ...context,
      deps: {
        ...context.deps,
        readSiteFile: (path: string) => (fail ? Promise.reject(new Error('disk')) : read(path)),
      },
    };
    await expect(listRelatedEssays.run({ slug: 'one', limit: 5 }, flaky)).rejects.toThrow('disk');
    fail = false;
    expect((await listRelatedEssays.run({ slug: 'one', limit: 5 }, flaky)).total).toBe(4);
  });
});
