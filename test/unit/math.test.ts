// Mathematics renders at build time: `$$...$$` becomes MathML, a single `$` stays currency, and a
// formula KaTeX cannot read fails loudly instead of reaching the page as raw TeX.
import { markdownToHtml } from 'satteri';
import { describe, expect, it } from 'vitest';
import { MATH_FEATURE, mathPlugin, renderMath } from '../../src/site/math.ts';

const render = async (markdown: string) => {
  const result = await markdownToHtml(markdown, { features: { math: MATH_FEATURE }, hastPlugins: [mathPlugin] });
  return result.html;
};

describe('math in content', () => {
  it('renders inline $$...$$ as inline MathML and keeps a single $ as currency', async () => {
    const html = await render('It cost $2 billion; the product is $$x \\cdot y = k$$ and $5 more.');
    expect(html).toContain('$2 billion');
    expect(html).toContain('$5 more');
    expect(html).toMatch(/<p>[^]*<math [^>]*>[^]*<\/math>[^]*<\/p>/);
    expect(html).not.toMatch(/<math[^>]*display="block"/);
    expect(html).not.toContain('<code');
  });

  it('renders a display formula as block MathML in a box of its own that can scroll', async () => {
    const html = await render('Before.\n\n$$\n\\frac{a}{b} = \\sqrt{x}\n$$\n\nAfter.');
    expect(html).toMatch(/<div class="math-display" tabindex="0"><span class="katex"><math [^>]*display="block"/);
    expect(html).toContain('<mfrac>');
    expect(html).toContain('<msqrt>');
    expect(html).not.toContain('<pre');
  });

  it('keeps the TeX as an annotation, for copying and for assistive technology', async () => {
    expect(await render('$$E = mc^2$$')).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
  });

  it('leaves code blocks that are not math alone', async () => {
    const html = await render('```js\nconst price = "$$x$$";\n```');
    expect(html).not.toContain('<math');
  });

  it('fails on a formula KaTeX cannot parse, naming it', () => {
    expect(() => renderMath('\\frac{1}{', false)).toThrow(/Cannot render the formula \$\$\\frac\{1\}\{\$\$/);
  });
});
