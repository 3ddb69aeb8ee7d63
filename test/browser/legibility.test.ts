// What a reader needs to read and tap, on every page type at a phone (390 px) and a desktop (1280 px)
// width: no text smaller than 11 CSS px (diagrams included, scaled as drawn), code in a monospace font
// at a readable size, no word broken inside a table cell, and header and list links at least
// 24 × 24 CSS px (WCAG 2.2, 2.5.8). Every essay is checked at 390 px too, as each has its own figures.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from '../support/browser.ts';
import { essays, PAGE_TYPES, type PageType } from '../support/page-types.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const LEGIBLE_PX = 11;
const TARGET_PX = 24;

const launched = useBrowser();
const running = useServerWithStandIn({ OPENALEX_TIMEOUT_MS: '1000' });

async function open(type: PageType, width: number) {
  const context = await launched.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const response = await page.goto(`${running.server.url}${type.path}`);
  expect(response?.status()).toBe(type.status ?? 200);
  await type.prepare?.(page);
  return { page, close: () => context.close() };
}

/**
 * Each rendered piece of text smaller than `minimum` CSS px. SVG text is measured as drawn: its font
 * size times the scale its <svg> is shown at. Text a reader cannot see (clipped to 1 px for screen
 * readers, or not rendered) does not count.
 */
function smallText(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, title, desc')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      let size = parseFloat(getComputedStyle(parent).fontSize);
      if (parent instanceof SVGGraphicsElement) {
        const matrix = parent.getScreenCTM();
        if (matrix) size *= Math.hypot(matrix.a, matrix.b);
      }
      if (size < min - 0.01)
        found.push(`${size.toFixed(2)} px: "${text.slice(0, 40)}" in <${parent.tagName.toLowerCase()}>`);
    }
    return [...new Set(found)];
  }, minimum);
}

/**
 * Words in table cells that the layout broke between two letters or digits ("Param|eter"). A line
 * may still end after a hyphen or a slash, where the word allows it.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const range = document.createRange();
    const lineOf = (node: Text, at: number) => {
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return Math.round(range.getBoundingClientRect().top);
    };
    for (const cell of document.querySelectorAll('td, th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.textContent ?? '';
        for (let at = 1; at < text.length; at++) {
          if (!/[\p{L}\p{N}]/u.test(text[at - 1]!) || !/[\p{L}\p{N}]/u.test(text[at]!)) continue;
          if (lineOf(node, at - 1) !== lineOf(node, at)) {
            const start = text.lastIndexOf(' ', at) + 1;
            const end = text.indexOf(' ', at);
            found.push(`"${text.slice(start, end === -1 ? undefined : end)}"`);
          }
        }
      }
    }
    return found;
  });
}

/**
 * Links and controls smaller than size × size CSS px: in the header and footer, tags, pagers, card
 * titles, and every list item that is a link and nothing else (a table of contents, a tag list). A
 * link inside a sentence is exempt, as WCAG 2.5.8 exempts it.
 */
function smallTargets(page: Page, size: number): Promise<string[]> {
  return page.evaluate((min) => {
    const chrome = [
      '.site-header a',
      '.site-header input',
      '.site-header button',
      '.site-footer li a',
      '.site-footer select',
      '.tags a',
      '.pager a',
      'li > :is(h2, h3) > a',
    ].join(', ');
    const wholeItem = (link: Element) => {
      const item = link.closest('li');
      return item !== null && item.textContent?.trim() === link.textContent?.trim();
    };
    const targets = [
      ...document.querySelectorAll(chrome),
      ...[...document.querySelectorAll('main li a')].filter(wholeItem),
    ];
    const found: string[] = [];
    for (const target of new Set(targets)) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < min - 0.01 || box.height < min - 0.01)
        found.push(
          `${(target.textContent ?? '').trim().slice(0, 30)} ${box.width.toFixed(1)} × ${box.height.toFixed(1)}`,
        );
    }
    return found;
  }, size);
}

describe.skipIf(!chromiumAvailable)('legible text and large enough targets on every page type', () => {
  for (const type of PAGE_TYPES) {
    it(`${type.name} (${type.path}) at 390 and 1280 px`, async () => {
      const problems: string[] = [];
      for (const width of [390, 1280]) {
        const { page, close } = await open(type, width);
        for (const text of await smallText(page, LEGIBLE_PX)) problems.push(`${width} px: text ${text}`);
        for (const word of await brokenWords(page)) problems.push(`${width} px: word broken in a table cell: ${word}`);
        for (const target of await smallTargets(page, TARGET_PX)) problems.push(`${width} px: small target ${target}`);
        await close();
      }
      expect(problems).toEqual([]);
    });
  }

  it.each(essays)('essay %s: no text under 11 px at 390 px, diagrams and figures included', async (slug) => {
    const { page, close } = await open({ name: slug, path: `/essays/${slug}` }, 390);
    const small = await smallText(page, LEGIBLE_PX);
    // No figure makes the page scroll sideways.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    await close();
    expect(small).toEqual([]);
    expect(pageWidth).toBeLessThanOrEqual(390);
  });

  it('the checks catch small text in a diagram, a broken word and a small target', async () => {
    const { page, close } = await open({ name: 'essay', path: '/essays/defi-mechanics' }, 390);
    // Drawn 360 units wide, a diagram is legible at any width it gets down to 330 px; squeeze it to 200.
    await page.addStyleTag({ content: '.diagram-frame svg { min-width: 0 !important; width: 200px !important; }' });
    expect((await smallText(page, LEGIBLE_PX)).join('\n')).toMatch(/in <text>/);
    await page.addStyleTag({ content: '.site-header nav a { display: inline; min-height: 0; font-size: 10px; }' });
    expect((await smallTargets(page, TARGET_PX)).length).toBeGreaterThan(0);
    await page.evaluate(() => {
      const table = document.createElement('table');
      table.innerHTML = '<tr><td><div style="overflow-wrap:anywhere;width:3em">Parameter</div></td></tr>';
      document.querySelector('main')!.append(table);
    });
    expect(await brokenWords(page)).toContain('"Parameter"');
    await close();
  });
});

describe.skipIf(!chromiumAvailable)('code', () => {
  it('is set in a named monospace font, no smaller than the text around it allows', async () => {
    const { page, close } = await open({ name: 'API docs', path: '/api-docs' }, 1280);
    const inline = await page.evaluate(() => {
      const code = document.querySelector('main p code')!;
      const style = getComputedStyle(code);
      return { family: style.fontFamily, size: parseFloat(style.fontSize) };
    });
    await close();
    // The bare "monospace" family makes Chromium start from 13 px: 0.92 em of it was 11.96 px.
    expect(inline.family).not.toBe('monospace');
    expect(inline.family).toMatch(/monospace$/);
    expect(inline.size).toBeGreaterThanOrEqual(14);
  });
});
