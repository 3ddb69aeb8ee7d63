// The search field in the site header: on every built page, named for screen readers, submitting to
// the Ask page without JavaScript, focused by "/" (unless the reader is typing), fitting a phone, and
// leading to a list of the matching essays and glossary terms. Axe runs over every page template with
// the field in layout-a11y.test.ts; here it runs over the Ask page, which has two search landmarks.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from '../support/browser.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = path.join(root, 'dist/client');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const launched = useBrowser();
const running = useServerWithStandIn({ OPENALEX_TIMEOUT_MS: '1000' });

/** Every HTML page of the build, as paths under dist/client. */
function builtPages(folder = built): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return builtPages(full);
    return entry.name.endsWith('.html') ? [path.relative(built, full)] : [];
  });
}

/** One page of each kind a reader reaches, including the ones the server fills in. */
const SAMPLES = [
  '/',
  '/essays',
  '/essays/defi-mechanics',
  '/glossary',
  '/glossary/impermanent-loss',
  '/tags',
  '/curriculum',
  '/papers',
  '/papers?q=learning',
  '/ask',
  '/ask?q=what%20is%20a%20merkle%20tree',
  '/api-docs',
  '/auth',
  '/no-such-page',
];

/** The header's search landmark, found the way a screen reader finds it: by role and name. */
const headerSearch = (page: Page) => page.getByRole('search', { name: 'Site' });

async function resultItems(page: Page) {
  return page.$$eval('#ask-results ol.cards > li', (items) =>
    items.map((item) => ({
      title: item.querySelector('h3 a')?.textContent ?? '',
      // Absolute (the site's URL) and, for an essay, the section that matched: the path is what matters.
      href: new URL(item.querySelector('h3 a')?.getAttribute('href') ?? '', document.baseURI).pathname,
      type: item.querySelector('.meta')?.textContent ?? '',
      snippet: item.querySelector('p:not(.meta)')?.textContent ?? '',
    })),
  );
}

describe('the header search in the built pages', () => {
  it('is on every page: a GET form to /ask with a labelled q field and a submit button', () => {
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(100);
    const missing = pages.filter((file) => {
      const html = readFileSync(path.join(built, file), 'utf8');
      const form = /<form class="site-search" action="\/ask" method="get" role="search"[^>]*>([\s\S]*?)<\/form>/.exec(
        html,
      )?.[1];
      return (
        !form ||
        !/<label for="site-search-q"[^>]*>\S[^<]*<\/label>/.test(form) ||
        !/<input id="site-search-q" name="q"/.test(form) ||
        !/<button type="submit">/.test(form)
      );
    });
    expect(missing).toEqual([]);
  });
});

describe.skipIf(!chromiumAvailable)('the header search in a browser', () => {
  it.each(SAMPLES)('%s has the field, named for screen readers', async (address) => {
    const page = await launched.browser.newPage();
    await page.goto(`${running.server.url}${address}`);
    const field = headerSearch(page).getByRole('searchbox', { name: 'Search essays and glossary' });
    expect(await field.count()).toBe(1);
    expect(await field.isVisible()).toBe(true);
    expect(await headerSearch(page).getByRole('button', { name: 'Search' }).isVisible()).toBe(true);
    await page.close();
  });

  it('submits to the Ask page without JavaScript, which lists the matching pages', async () => {
    const context = await launched.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${running.server.url}/essays/defi-mechanics`);
    await page.fill('#site-search-q', 'impermanent loss');
    await Promise.all([page.waitForURL(/\/ask\?q=impermanent\+loss$/), page.press('#site-search-q', 'Enter')]);
    const items = await resultItems(page);
    expect(items.length).toBeGreaterThan(0);
    expect(items).toContainEqual(
      expect.objectContaining({ href: '/glossary/impermanent-loss', title: 'Impermanent loss', type: 'Glossary' }),
    );
    for (const item of items) {
      expect(item.href).toMatch(/^\/(essays|glossary)\/[a-z0-9-]+$/);
      expect(['Essay', 'Glossary']).toContain(item.type);
      expect(item.snippet.length).toBeGreaterThan(20);
    }
    expect(await page.locator('#ask-results h2').allTextContents()).toEqual(['Answer', 'Matching pages']);
    await context.close();
  });

  it.each([
    ['without JavaScript', false],
    ['with JavaScript', true],
  ])(
    'shows what it searched for when a question is misspelt, and the answer, %s',
    async (_label, javaScriptEnabled) => {
      const context = await launched.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${running.server.url}/ask`);
      await page.fill('#ask-q', 'waht is a smart contrat');
      await Promise.all([page.waitForURL(/\/ask\?q=/).catch(() => undefined), page.press('#ask-q', 'Enter')]);
      const line = page.locator('#ask-results .searched-for');
      await line.waitFor();
      expect(await line.textContent()).toBe('Showing results for what is a smart contract');
      // With JavaScript the answer streams in word by word: wait for the words, not just the quote.
      await expect
        .poll(() => page.locator('#ask-results blockquote').first().textContent(), { timeout: 10_000 })
        .toMatch(/program stored on a blockchain/i);
      expect((await resultItems(page))[0]?.href).toBe('/glossary/smart-contract');
      await context.close();
    },
  );

  it('puts the list of matching pages under the answer with JavaScript too', async () => {
    const page = await launched.browser.newPage();
    await page.goto(`${running.server.url}/glossary`);
    await page.fill('#site-search-q', 'what is a merkle tree');
    await Promise.all([page.waitForURL(/\/ask\?q=/), page.click('.site-search button[type="submit"]')]);
    const items = await resultItems(page);
    expect(items.map((item) => item.href)).toContain('/glossary/merkle-tree');
    const order = await page.$$eval('#ask-results > *', (nodes) => nodes.map((node) => node.tagName));
    expect(order.indexOf('BLOCKQUOTE')).toBeLessThan(order.indexOf('OL'));
    await page.close();
  });

  it('focuses the field on "/", and leaves "/" alone in a text field', async () => {
    const page = await launched.browser.newPage();
    await page.goto(`${running.server.url}/essays/defi-mechanics`);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-q');
    expect(await page.inputValue('#site-search-q')).toBe('');
    await page.keyboard.type('gas');
    expect(await page.inputValue('#site-search-q')).toBe('gas');

    await page.goto(`${running.server.url}/ask`);
    await page.focus('#ask-q');
    await page.keyboard.type('a/b');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ask-q');
    expect(await page.inputValue('#ask-q')).toBe('a/b');
    expect(await page.inputValue('#site-search-q')).toBe('');
    await page.close();
  });

  it('fits a 390 px phone: the field and its button inside the viewport, nothing scrolling sideways', async () => {
    const context = await launched.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    for (const address of ['/', '/essays/defi-mechanics', '/ask?q=what%20is%20gas']) {
      await page.goto(`${running.server.url}${address}`);
      const boxes = await page.$$eval('.site-search input, .site-search button', (nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(390);
        expect(box.width).toBeGreaterThan(30);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await context.close();
  });

  it('leaves no axe violation on the Ask page, with its two search landmarks', async () => {
    const page = await launched.browser.newPage();
    await page.goto(`${running.server.url}/ask?q=what%20is%20a%20merkle%20tree`);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const { violations } = await (window as any).axe.run(document);
      return violations.map((v: any) => `${v.id}: ${v.nodes.map((node: any) => node.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('shows "Showing results for" when the answer searched for something else than was typed', async () => {
    const page = await launched.browser.newPage();
    // The stream as the server sends it once spelling correction names what it searched for.
    const source = {
      type: 'glossary',
      slug: 'merkle-tree',
      title: 'Merkle tree',
      section: null,
      url: '/glossary/merkle-tree',
      markdownUrl: '/glossary/merkle-tree.md',
      score: 1,
      snippet: 'A Merkle tree hashes data in pairs up to a single root.',
      highlights: [],
    };
    const events = [
      ['meta', { query: 'merkel tre', searched_for: 'merkle tree', total: 1, confidence: 0, no_answer_reason: 'x' }],
      ['source', source],
    ];
    await page.route('**/ask', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 200,
            contentType: 'text/event-stream',
            body: events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
          })
        : route.continue(),
    );
    await page.goto(`${running.server.url}/ask`);
    await page.fill('#ask-q', 'merkel tre');
    await page.click('#ask-form button[type="submit"]');
    await page.waitForSelector('#ask-results li');
    const line = page.locator('#ask-results > .searched-for');
    expect(await line.textContent()).toBe('Showing results for merkle tree');
    expect(await line.locator('em').textContent()).toBe('merkle tree');
    const first = await page.$eval('#ask-results', (results) => results.firstElementChild?.className);
    expect(first).toBe('searched-for');
    await page.close();
  });
});
