import { describe, expect, it } from 'vitest';
import { findContentProblems } from '../../src/site/content-links.ts';
import type { SiteContent } from '../../src/site/site-content.ts';

const term = (id: string, related: string[], body = '') => ({
  id,
  body,
  data: { term: id, definition: 'A definition long enough.', category: 'ai-models' as const, related, aliases: [] },
});
const essay = (id: string, body: string) => ({
  id,
  body,
  data: { title: id, description: 'd', date: new Date('2026-01-01'), tags: ['ai'], references: [] },
});

function content(overrides: Partial<SiteContent>): SiteContent {
  return { siteUrl: 'http://x', essays: [], glossary: [], curriculum: [], ...overrides };
}

describe('findContentProblems', () => {
  it('accepts consistent content', () => {
    const ok = content({
      glossary: [term('a', ['b']), term('b', ['a'], 'See [a](/glossary/a) and [e](/essays/e#intro).')],
      essays: [essay('e', '[b](/glossary/b), [tag](/tags/ai), [cat](/glossary/category/ai-models), [home](/)')],
    });
    expect(findContentProblems(ok)).toEqual([]);
  });

  it('names the file and the fix for each dangling reference', () => {
    const broken = content({
      glossary: [term('a', ['missing', 'a'])],
      essays: [essay('e', 'A [link](/glossary/nope) and [another](/essays/gone).')],
      curriculum: [
        {
          id: 'track',
          body: '',
          data: {
            title: 't',
            description: 'd',
            order: 1,
            modules: [{ title: 'm', goal: 'g', essays: ['ghost'], terms: ['a', 'phantom'], exercise: 'x' }],
          },
        },
      ],
    });
    const problems = findContentProblems(broken);
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toContain('content/glossary/a.md: related term "missing" does not exist');
    expect(problems.join('\n')).toContain('lists the term itself');
    expect(problems.join('\n')).toContain('content/essays/e.md: link to "/glossary/nope"');
    expect(problems.join('\n')).toContain('content/curriculum/track.md: module 1 ("m") lists essay "ghost"');
    expect(problems.join('\n')).toContain('lists term "phantom"');
  });
});
