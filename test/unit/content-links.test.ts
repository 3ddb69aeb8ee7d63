import { describe, expect, it } from 'vitest';
import { CurriculumModuleSchema, EssayFrontmatterSchema, FigureSchema } from '../../src/content/schemas.ts';
import { findContentProblems } from '../../src/site/content-links.ts';
import { parseDiagram } from '../../src/site/diagrams.ts';
import type { SiteContent } from '../../src/site/site-content.ts';

const term = (id: string, related: string[], body = '') => ({
  id,
  body,
  data: { term: id, definition: 'A definition long enough.', category: 'ai-models' as const, related, aliases: [] },
});
const essay = (id: string, body: string, asked: Record<string, string[]> = {}) => ({
  id,
  body,
  data: {
    title: id,
    description: 'd',
    date: new Date('2026-01-01'),
    updated: new Date('2026-01-01'),
    tags: ['ai'],
    references: [],
    asked,
  },
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

describe("an essay's asked phrasings", () => {
  const body = 'Opening words.\n\n## Why it fails\n\nText.\n\n### A worked case\n\nMore text.';
  const two = ['one way to ask', 'another way to ask'];

  it('may name its ## and ### headings exactly, and the opening', () => {
    const keyed = essay('e', body, { 'Why it fails': two, 'A worked case': two, '(opening)': two });
    expect(findContentProblems(content({ essays: [keyed] }))).toEqual([]);
  });

  it('are refused under a heading the essay does not have, naming the file and the headings it has', () => {
    const renamed = essay('e', body, { 'Why it breaks': two, 'why it fails': two });
    const problems = findContentProblems(content({ essays: [renamed] }));
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/essays\/e\.md: "asked" names the section "Why it breaks", which is not a ## or ### heading/,
      ),
      expect.stringContaining('"why it fails"'),
    ]);
    expect(problems[0]).toContain('"Why it fails"');
  });

  it('come 2 to 5 to a section', () => {
    const frontmatter = {
      title: 'An essay',
      description: 'd'.repeat(40),
      date: '2026-01-01',
      updated: '2026-01-01',
      tags: ['ai'],
    };
    const parse = (asked: Record<string, string[]>) => EssayFrontmatterSchema.safeParse({ ...frontmatter, asked });
    expect(parse({ 'Why it fails': two }).success).toBe(true);
    expect(parse({ 'Why it fails': ['only one'] }).error?.message).toContain('2 to 5');
    expect(parse({ 'Why it fails': [...two, ...two, ...two] }).error?.message).toContain('2 to 5');
  });
});

describe('findContentProblems with diagrams and figures', () => {
  const diagram = parseDiagram(
    'loop',
    '<svg xmlns="http://www.w3.org/2000/svg" class="diagram" role="img" aria-labelledby="loop-title" aria-describedby="loop-desc" width="10" height="10" viewBox="0 0 10 10"><title id="loop-title">Loop</title><desc id="loop-desc">A loop of 7 steps.</desc></svg>',
  );
  const steps = {
    id: 'steps',
    data: FigureSchema.parse({
      quantity: 'the number of steps',
      value: '7',
      source: 'https://example.org',
      pattern: 'loop of (\\d+) steps',
    }),
  };

  it('accepts a link to a diagram that exists and rejects one that does not', () => {
    const essays = [essay('e', '![Loop](/diagrams/loop.svg) and ![Gone](/diagrams/gone.svg)')];
    expect(findContentProblems(content({ essays }), { diagrams: [diagram], figures: [] })).toEqual([
      'content/essays/e.md: link to "/diagrams/gone.svg" points at no page; use an existing slug (see docs/content-guide.md).',
    ]);
  });

  it('checks figures across essays, terms and diagrams alike', () => {
    const glossary = [term('a', [], 'It is a loop of 8 steps.')];
    const problems = findContentProblems(content({ glossary }), { diagrams: [diagram], figures: [steps] });
    expect(problems).toEqual([expect.stringContaining('content/glossary/a.md: states the number of steps as "8"')]);
  });
});

describe('curriculum modules', () => {
  const module = { title: 'm', goal: 'g', terms: [], exercise: 'x' };

  it('need at least one reading', () => {
    const result = CurriculumModuleSchema.safeParse({ ...module, essays: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('every module needs a reading');
    expect(CurriculumModuleSchema.safeParse({ ...module }).success).toBe(false);
    expect(CurriculumModuleSchema.safeParse({ ...module, essays: ['an-essay'] }).success).toBe(true);
  });
});
