import { describe, expect, it } from 'vitest';
import { diagramText, inlineDiagrams, parseDiagram, standaloneDiagram } from '../../src/site/diagrams.ts';

const valid = `<svg xmlns="http://www.w3.org/2000/svg" class="diagram" role="img" aria-labelledby="loop-title" aria-describedby="loop-desc" width="200" height="100" viewBox="0 0 200 100">
  <title id="loop-title">A loop</title>
  <desc id="loop-desc">Two boxes &amp; an arrow.</desc>
  <rect class="box" x="0" y="0" width="50" height="20"/>
  <path class="line" d="M0,0 L10,10" fill="none" stroke="currentColor"/>
  <text x="5" y="15">model</text>
</svg>`;

describe('parseDiagram', () => {
  it('reads the title and description of an accessible diagram', () => {
    const diagram = parseDiagram('loop', valid);
    expect(diagram).toMatchObject({ name: 'loop', title: 'A loop', description: 'Two boxes & an arrow.' });
  });

  it.each([
    ['no role="img"', valid.replace(' role="img"', ''), 'role="img"'],
    ['no <title>', valid.replace(/<title[^]*?<\/title>/, ''), '<title id="loop-title">'],
    ['no <desc>', valid.replace(/<desc[^]*?<\/desc>/, ''), '<desc id="loop-desc">'],
    [
      'a font-size attribute (text could shrink below legible)',
      valid.replace('<text x', '<text font-size="9" x'),
      'font-size',
    ],
    ['no height (layout shift)', valid.replace(' height="100"', ''), 'numeric height'],
    [
      'a fixed colour (unreadable in dark mode)',
      valid.replace('class="box"', 'fill="#000"'),
      'classes or currentColor',
    ],
    ['an inline style attribute', valid.replace('class="box"', 'style="fill:red"'), 'classes or currentColor'],
    ['a <style> element', valid.replace('<text', '<style>text{}</style><text'), 'remove <style>'],
    ['an id that could clash on the page', valid.replace('<rect', '<rect id="box"'), 'prefix every id with "loop-"'],
  ])('rejects a diagram with %s, naming the file and the fix', (_label, svg, fix) => {
    expect(() => parseDiagram('loop', svg)).toThrow('content/diagrams/loop.svg');
    expect(() => parseDiagram('loop', svg)).toThrow(fix);
  });
});

describe('inlineDiagrams', () => {
  const diagrams = new Map([['loop', parseDiagram('loop', valid)]]);

  it('replaces the image of a diagram with the diagram itself and leaves other images alone', () => {
    const html =
      '<p><img src="/diagrams/loop.svg" alt="The loop"></p><p><img src="/photo.png" alt="Photo"></p><p>After</p>';
    const result = inlineDiagrams(html, diagrams);
    expect(result).toMatch(/^<figure class="diagram-frame">.*<svg [^>]*class="diagram" role="img"/);
    expect(result).not.toContain('<p><figure');
    expect(result).toContain('<img src="/photo.png" alt="Photo">');
    expect(result.endsWith('<p>After</p>')).toBe(true);
  });

  it('keeps small text legible: the diagram shrinks no narrower than 11/12 of its width, then scrolls', () => {
    const result = inlineDiagrams('<p><img src="/diagrams/loop.svg" alt="The loop"></p>', diagrams);
    // 200 units wide with 12 px text at the smallest: 11 px text at 184 px (rounded up).
    expect(result).toContain('style="min-width:184px"');
    expect(result).toContain('<figcaption><a href="/diagrams/loop.svg">');
  });

  it('leaves a diagram inside running text in its paragraph', () => {
    const result = inlineDiagrams('<p>See <img src="/diagrams/loop.svg" alt="The loop"> here</p>', diagrams);
    expect(result).toMatch(/^<p>See <svg [^>]*class="diagram"[^]*<\/svg> here<\/p>$/);
  });

  it('fails on a diagram that does not exist', () => {
    expect(() => inlineDiagrams('<img src="/diagrams/nope.svg" alt="x">', diagrams)).toThrow(
      'content/diagrams/nope.svg',
    );
  });
});

describe('standaloneDiagram', () => {
  it('carries its own light and dark colours and the diagram styles', () => {
    const svg = standaloneDiagram(parseDiagram('loop', valid), '/* why */ .diagram .box { fill: var(--card); }');
    expect(svg).toMatch(/^<svg [^>]*><style>/);
    expect(svg).toContain('@media (prefers-color-scheme:dark)');
    expect(svg).toContain('.diagram .box { fill: var(--card); }');
    expect(svg).not.toContain('why');
  });
});

describe('diagramText', () => {
  it('is the words a reader sees, for the figure check', () => {
    expect(diagramText(parseDiagram('loop', valid))).toBe('A loop Two boxes & an arrow. model');
  });
});
