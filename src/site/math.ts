// Mathematics in content, rendered once at build time as MathML (KaTeX's `mathml` output), so the
// page needs no script, stylesheet or font for it. Content writes `$$...$$`: inline inside a line,
// display on lines of its own. A single `$` stays currency ("$2 billion"), so the parser runs with
// `singleDollarTextMath: false`. The Markdown twins serve the source, so they keep the TeX.
// Self-contained besides katex (and types), because astro.config.mjs loads it before the site is built.
import type { Element, Nodes } from 'hast';
import katex from 'katex';
import type { HastPluginDefinition } from 'satteri';

/** The parser option for Astro's Markdown processor (Sätteri): `$$` math only. */
export const MATH_FEATURE = { singleDollarTextMath: false } as const;

const classesOf = (node: Readonly<Element>): string[] => {
  const value = node.properties['className'];
  return Array.isArray(value) ? value.map(String) : [];
};

/** TeX as MathML; a formula KaTeX cannot parse fails the build with the formula in the message. */
export function renderMath(tex: string, display: boolean): string {
  try {
    return katex.renderToString(tex, { displayMode: display, output: 'mathml', throwOnError: true, strict: 'error' });
  } catch (error) {
    throw new Error(`Cannot render the formula $$${tex}$$: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Display math sits in its own box that scrolls sideways when a formula is wider than a phone's
 * screen, instead of widening the page; the box is focusable so keyboard users can scroll it too.
 */
export function displayMathHtml(tex: string): string {
  return `<div class="math-display" tabindex="0">${renderMath(tex, true)}</div>`;
}

const raw = (value: string): Extract<Nodes, { type: 'raw' }> => ({ type: 'raw', value });

/** The `<code>` of a math node, found in the element the parser made for it. */
function mathCode(node: Readonly<Element>): Readonly<Element> | undefined {
  if (node.tagName === 'code') return node;
  return node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
}

/**
 * A Sätteri hast plugin: the parser turns `$$x$$` into `<code class="math-inline">` and a display
 * block into `<pre><code class="math-display">`; both become KaTeX's MathML.
 */
export const mathPlugin: HastPluginDefinition = {
  name: 'research-hub:math',
  element: {
    filter: ['pre', 'code'],
    visit(node, context) {
      const code = mathCode(node);
      if (code === undefined) return undefined;
      const classes = classesOf(code);
      if (node.tagName === 'pre' && classes.includes('math-display'))
        return raw(displayMathHtml(context.textContent(code)));
      if (node.tagName === 'code' && classes.includes('math-inline'))
        return raw(renderMath(context.textContent(code), false));
      return undefined;
    },
  },
};
