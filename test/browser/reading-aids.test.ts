// The reading aids, in Chromium: previous and next between essays and along each curriculum track,
// an anchor link on every h2 and h3, the essay's contents kept in view on a wide screen, copy
// buttons on code, the theme selector keeping its choice across pages without a flash of the other
// theme, and print without the site's chrome.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from '../support/browser.ts';
import { essays, PAGE_TYPES, slugs } from '../support/page-types.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const launched = useBrowser();
const running = useServerWithStandIn({ OPENALEX_TIMEOUT_MS: '1000' });
const url = (pagePath: string) => `${running.server.url}${pagePath}`;

const root = path.resolve(import.meta.dirname, '../..');
/** A track's essays in module order, each once, read from its file in content/curriculum/. */
function trackEssays(track: string): string[] {
  const source = readFileSync(path.join(root, 'content/curriculum', `${track}.md`), 'utf8');
  const listed = [...source.matchAll(/^\s*essays:\s*\[([^\]]*)\]/gm)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((slug) => slug.trim())
      .filter(Boolean),
  );
  return [...new Set(listed)];
}

async function withPage<T>(
  options: Parameters<typeof launched.browser.newContext>[0],
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await launched.browser.newContext(options);
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Follows the link found by `selector` from page to page, returning the essay slugs visited. */
async function follow(page: Page, start: string, selector: string): Promise<string[]> {
  const visited = [start];
  await page.goto(url(`/essays/${start}`));
  for (;;) {
    const next = page.locator(selector);
    if ((await next.count()) === 0) return visited;
    await Promise.all([page.waitForURL((address) => address.pathname !== `/essays/${visited.at(-1)}`), next.click()]);
    visited.push(new URL(page.url()).pathname.replace('/essays/', ''));
    if (visited.length > essays.length + 1) return visited;
  }
}

describe.skipIf(!chromiumAvailable)('previous and next', () => {
  it('go through every essay in the order of the essay list, both ways', async () => {
    await withPage({}, async (page) => {
      await page.goto(url('/essays'));
      const listed = await page.$$eval('main .cards h2 a, main .cards h3 a', (links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname.replace('/essays/', '')),
      );
      expect(listed).toHaveLength(essays.length);
      expect(await follow(page, listed[0]!, '.pager a[rel="next"]')).toEqual(listed);
      expect(await follow(page, listed.at(-1)!, '.pager a[rel="prev"]')).toEqual([...listed].reverse());
    });
  });

  const tracks = slugs('curriculum');
  it.each(tracks)('go along the curriculum track %s in its module order', async (track) => {
    const expected = trackEssays(track);
    expect(expected.length).toBeGreaterThan(1);
    const step = (label: string) => `.pager p:has(a[href="/curriculum#${track}"]) + ul a:has-text("${label}")`;
    await withPage({}, async (page) => {
      expect(await follow(page, expected[0]!, step('Next in the track'))).toEqual(expected);
      expect(await page.locator(`.pager p:has(a[href="/curriculum#${track}"])`).textContent()).toContain(
        `Essay ${expected.length} of ${expected.length}`,
      );
      expect(await follow(page, expected.at(-1)!, step('Previous in the track'))).toEqual([...expected].reverse());
    });
  });
});

describe.skipIf(!chromiumAvailable)('heading anchors', () => {
  const pages = PAGE_TYPES.filter((type) =>
    ['essay', 'glossary term', 'curriculum', 'API docs', 'authentication guide'].includes(type.name),
  ).map((type) => type.path);
  it.each([...pages, ...essays.map((slug) => `/essays/${slug}`)])(
    '%s: every h2 and h3 links to itself',
    async (pagePath) => {
      await withPage({}, async (page) => {
        await page.goto(url(pagePath));
        const missing = await page.$$eval('main :is(h2, h3)', (headings) =>
          headings
            .filter(
              (heading) => !heading.closest('.cards, .toc, .visually-hidden') && !heading.matches('.visually-hidden'),
            )
            .filter((heading) => !heading.id || !heading.querySelector(`a[href="#${CSS.escape(heading.id)}"]`))
            .map((heading) => heading.textContent?.trim()),
        );
        expect(missing).toEqual([]);
        const first = page.locator('main :is(h2, h3) a.anchor').first();
        const target = await first.getAttribute('href');
        await first.click();
        expect(new URL(page.url()).hash).toBe(target);
      });
    },
  );
});

describe.skipIf(!chromiumAvailable)('table of contents', () => {
  const essay = 'agents-and-tool-use';
  it('stays in view beside the essay on a wide screen, and sits above the text on a phone', async () => {
    await withPage({ viewport: { width: 1280, height: 800 } }, async (page) => {
      await page.goto(url(`/essays/${essay}`));
      const toc = page.locator('nav.toc');
      const body = page.locator('.essay-body');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
      await page.waitForFunction(() => window.scrollY > 500);
      const box = (await toc.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + Math.min(box.height, 200)).toBeLessThanOrEqual(800);
      expect(box.x).toBeGreaterThan((await body.boundingBox())!.x + (await body.boundingBox())!.width);
    });
    await withPage({ viewport: { width: 390, height: 800 } }, async (page) => {
      await page.goto(url(`/essays/${essay}`));
      expect(await page.locator('nav.toc').evaluate((toc) => getComputedStyle(toc).position)).toBe('static');
      const [tocBox, bodyBox] = [
        await page.locator('nav.toc').boundingBox(),
        await page.locator('.essay-body').boundingBox(),
      ];
      expect(tocBox!.y).toBeLessThan(bodyBox!.y);
    });
  });
});

describe.skipIf(!chromiumAvailable)('copy buttons', () => {
  it('copy a code block, and the page has its code blocks without JavaScript', async () => {
    await withPage({ permissions: ['clipboard-read', 'clipboard-write'] }, async (page) => {
      await page.goto(url('/api-docs'));
      const blocks = await page.locator('main pre').count();
      expect(await page.locator('main .code-block > button.copy').count()).toBe(blocks);
      const second = page.locator('main .code-block').nth(1);
      await second.locator('button.copy').click();
      await expect.poll(() => second.locator('button.copy').textContent()).toBe('Copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await second.locator('pre').textContent());
      expect(copied.length).toBeGreaterThan(10);
    });
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto(url('/api-docs'));
      expect(await page.locator('main pre').count()).toBeGreaterThan(10);
      expect(await page.locator('button.copy').count()).toBe(0);
    });
  });

  it('ship only on pages with code', async () => {
    await withPage({}, async (page) => {
      await page.goto(url('/essays/defi-mechanics'));
      expect(await page.locator('main pre').count()).toBe(0);
      expect(await page.locator('script[src], script[type="module"]').count()).toBeLessThanOrEqual(1);
      expect(await page.content()).not.toContain('clipboard');
    });
  });
});

describe.skipIf(!chromiumAvailable)('theme selector', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const LIGHT = 'rgb(253, 253, 252)';
  const DARK = 'rgb(20, 20, 23)';

  it('keeps the chosen theme across pages, from the first paint, and Auto follows the device again', async () => {
    await withPage({ colorScheme: 'light' }, async (page) => {
      // The theme in force when the body first appears: what the first paint shows.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.body) return;
          (window as unknown as { firstTheme: string }).firstTheme = getComputedStyle(
            document.documentElement,
          ).colorScheme;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(url('/essays/defi-mechanics'));
      expect(await background(page)).toBe(LIGHT);
      await page.selectOption('#theme', 'dark');
      expect(await background(page)).toBe(DARK);

      for (const next of ['/glossary', '/api-docs', '/papers']) {
        await page.goto(url(next));
        expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe('dark');
        expect(await background(page)).toBe(DARK);
        expect(await page.inputValue('#theme')).toBe('dark');
      }
      // Diagram labels follow the chosen theme too (their colours are the page's).
      await page.goto(url('/essays/defi-mechanics'));
      expect(
        await page
          .locator('svg.diagram text')
          .first()
          .evaluate((text) => getComputedStyle(text).fill),
      ).toBe('rgb(232, 232, 236)');
      await page.selectOption('#theme', 'auto');
      await page.goto(url('/glossary'));
      expect(await background(page)).toBe(LIGHT);
      expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe('light dark');
    });
    await withPage({ colorScheme: 'dark' }, async (page) => {
      await page.goto(url('/'));
      expect(await background(page)).toBe(DARK);
      await page.selectOption('#theme', 'light');
      await page.goto(url('/essays'));
      expect(await background(page)).toBe(LIGHT);
    });
  });

  it('is hidden without JavaScript, where the device setting holds', async () => {
    await withPage({ colorScheme: 'dark', javaScriptEnabled: false }, async (page) => {
      await page.goto(url('/'));
      expect(await page.locator('#theme').isVisible()).toBe(false);
      expect(await background(page)).toBe(DARK);
    });
  });
});

describe.skipIf(!chromiumAvailable)('print', () => {
  it.each(['/essays/agents-and-tool-use', '/api-docs', '/glossary'])(
    '%s prints without header, search and footer',
    async (pagePath) => {
      await withPage({}, async (page) => {
        await page.goto(url(pagePath));
        await page.emulateMedia({ media: 'print' });
        for (const chrome of ['.site-header', '.site-search', '.site-footer', '.skip'])
          expect(await page.locator(chrome).isVisible(), chrome).toBe(false);
        expect(await page.locator('main h1').isVisible()).toBe(true);
        await page.emulateMedia({ media: 'screen' });
        expect(await page.locator('.site-header').isVisible()).toBe(true);
      });
    },
  );
});
