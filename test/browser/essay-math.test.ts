// Every essay in Debian's Chromium at a phone's width (390 px): its mathematics renders as MathML
// (no raw TeX left on the page), and nothing, long display formulas included, makes the page scroll
// sideways. axe-core checks the same pages at the same width, formulas included, in
// essay-figures.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const essayDir = path.resolve(import.meta.dirname, '../../content/essays');
const ESSAYS = readdirSync(essayDir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.slice(0, -'.md'.length));
/** How many formulas an essay's source writes, so a page that renders fewer is caught. */
const formulasIn = (slug: string) =>
  (readFileSync(path.join(essayDir, `${slug}.md`), 'utf8').match(/\$\$[\s\S]+?\$\$/g) ?? []).length;

const PHONE = { width: 390, height: 844 };

const launched = useBrowser();
let server: TestServer;
beforeAll(async () => {
  if (chromiumAvailable) server = await startTestServer({ LOG_REQUESTS: 'false' });
});
afterAll(() => server?.stop());

/** What the page shows of its mathematics, and any TeX left as text. */
function mathOnPage(page: Page) {
  return page.evaluate(() => {
    const formulas = [...document.querySelectorAll('article math')];
    const text = document.querySelector('article')?.innerText ?? '';
    return {
      formulas: formulas.length,
      unrendered: formulas.filter((math) => math.getBoundingClientRect().width === 0).length,
      rawTex: text.match(/\$\$|\\(?:frac|times|approx|sqrt|cdot|text|bmod|operatorname|begin|tau|eta|beta)\b/g) ?? [],
    };
  });
}

/** Elements wider than the viewport, and whether the page as a whole scrolls sideways. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = document.documentElement.scrollWidth > width;
    const displays = [...document.querySelectorAll<HTMLElement>('.math-display')].map((box) => ({
      right: box.getBoundingClientRect().right,
      scrolls: getComputedStyle(box).overflowX === 'auto',
    }));
    return {
      scrollsSideways,
      displaysOutside: displays.filter((box) => box.right > width + 0.5 || !box.scrolls).length,
    };
  });
}

describe.skipIf(!chromiumAvailable)('essays at 390 px', () => {
  it.each(ESSAYS)('%s renders its mathematics and does not overflow', async (slug) => {
    const page = await launched.browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/essays/${slug}`);
    const math = await mathOnPage(page);
    expect(math.rawTex).toEqual([]);
    expect(math.formulas).toBeGreaterThanOrEqual(formulasIn(slug));
    expect(math.unrendered).toBe(0);
    expect(await overflow(page)).toEqual({ scrollsSideways: false, displaysOutside: 0 });
    await page.close();
  });

  it('has mathematics to check: most essays write formulas', () => {
    expect(ESSAYS.filter((slug) => formulasIn(slug) > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('the checks catch raw TeX, a missing formula and a formula that widens the page', async () => {
    const page = await launched.browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/essays/defi-mechanics`);
    await page.evaluate(() => {
      const article = document.querySelector('article')!;
      const raw = document.createElement('p');
      raw.textContent = 'Left as source: $$\\frac{a}{b}$$';
      article.append(raw);
      article.querySelector('math')?.remove();
      const wide = document.createElement('div');
      wide.className = 'math-display';
      wide.style.cssText = 'overflow-x: visible; width: 900px';
      wide.textContent = 'a formula too wide for a phone';
      article.append(wide);
    });
    const math = await mathOnPage(page);
    expect(math.rawTex).toEqual(['$$', '\\frac', '$$']);
    expect(math.formulas).toBeLessThan(formulasIn('defi-mechanics'));
    expect(await overflow(page)).toEqual({ scrollsSideways: true, displaysOutside: 1 });
    await page.close();
  });

  it('scrolls a long display formula inside its own box, not the page', async () => {
    const page = await launched.browser.newPage({ viewport: PHONE });
    await page.goto(`${server.url}/essays/zero-knowledge-proofs-for-engineers`);
    const widest = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll<HTMLElement>('.math-display')].map((box) => box.scrollWidth)),
    );
    expect(widest).toBeGreaterThan(0);
    await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.math-display')!;
      box.querySelector('math')!.style.paddingRight = '1200px';
    });
    const box = await page.evaluate(() => {
      const element = document.querySelector<HTMLElement>('.math-display')!;
      return { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
    });
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    expect(await overflow(page)).toEqual({ scrollsSideways: false, displaysOutside: 0 });
    await page.close();
  });
});
