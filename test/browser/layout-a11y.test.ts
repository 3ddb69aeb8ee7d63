// Every page template in Chromium at a desktop (1280 px) and a phone (390 px) width, in light and
// dark colour schemes: axe-core finds no accessibility violation, and on a phone (390 px, and 320 px
// too) no element reaches past the right edge of the viewport (content in its own horizontal
// scroller, such as a code block or a diagram's frame, scrolls there instead).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser, withAxe } from '../support/browser.ts';
import { essays, PAGE_TYPES, type PageType } from '../support/page-types.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const WIDTHS = [1280, 390] as const;
const SCHEMES = ['light', 'dark'] as const;

const launched = useBrowser();
const running = useServerWithStandIn({ OPENALEX_TIMEOUT_MS: '1000' });

type Template = PageType;
const TEMPLATES = PAGE_TYPES;

async function open(template: Template, width: number, colorScheme: 'light' | 'dark') {
  const context = await launched.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
  const page = await context.newPage();
  const response = await page.goto(`${running.server.url}${template.path}`);
  expect(response?.status()).toBe(template.status ?? 200);
  await template.prepare?.(page);
  return { page, close: () => context.close() };
}

/** axe-core's findings on the page as it is laid out now. */
async function axeViolations(page: Page): Promise<string[]> {
  await withAxe(page);
  const violations = await page.evaluate(async () => {
    const { violations } = await (window as any).axe.run(document);
    return violations.map(
      (v: any) => `${v.id} (${v.impact}): ${v.nodes.map((node: any) => node.target.join(' ')).join(', ')}`,
    );
  });
  return violations as string[];
}

/** Elements whose box ends past the viewport's right edge, unless a horizontal scroller holds them. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element | null): boolean => {
      for (let e = element; e && e !== document.body; e = e.parentElement) {
        if (/auto|scroll|hidden/.test(getComputedStyle(e).overflowX) && e.clientWidth <= width) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || scrolls(element.parentElement)) continue;
      // Report the outermost element that is too wide, not each of its descendants.
      const parent = element.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 0.5) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
      found.push(`${name} ends at ${Math.round(box.right)} px: ${(element.textContent ?? '').trim().slice(0, 60)}`);
    }
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    return found;
  });
}

describe.skipIf(!chromiumAvailable)('every page template at 1280 and 390 px, light and dark', () => {
  for (const template of TEMPLATES) {
    it(`${template.name} (${template.path}): no axe violation, nothing wider than a phone`, async () => {
      const problems: string[] = [];
      // One page load per template, laid out again at each width and scheme (media queries follow the
      // viewport and the emulated scheme): a load and an axe injection per combination took the file
      // from 455 s to 614 s on the same loaded machine.
      const { page, close } = await open(template, WIDTHS[0], SCHEMES[0]);
      for (const width of WIDTHS) {
        for (const colorScheme of SCHEMES) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme });
          for (const violation of await axeViolations(page)) problems.push(`${width} px ${colorScheme}: ${violation}`);
          if (width < 500) {
            for (const wide of await overflowing(page)) problems.push(`${width} px ${colorScheme}: ${wide}`);
            const navLines = await page.$$eval('nav[aria-label="Main"] li', (items) => [
              ...new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))),
            ]);
            if (navLines.length > 1)
              problems.push(`${width} px ${colorScheme}: the main nav wraps onto ${navLines.length} lines`);
          }
        }
      }
      await close();
      expect(problems).toEqual([]);
      // Four axe runs over the API docs' 1,900 elements take most of 30 s on a busy shared CPU.
    }, 90_000);
  }
});

describe.skipIf(!chromiumAvailable)('every page template at 320 px, the narrowest phones still in use', () => {
  for (const template of TEMPLATES) {
    it(`${template.name} (${template.path}): nothing wider than the viewport`, async () => {
      const { page, close } = await open(template, 320, 'light');
      const wide = await overflowing(page);
      await close();
      expect(wide).toEqual([]);
    });
  }
});

describe.skipIf(!chromiumAvailable)('every essay at 390 px', () => {
  // Reference lists hold long URLs: each essay, not just the template, must fit a phone.
  it.each(essays)('%s: nothing wider than the viewport', async (slug) => {
    const { page, close } = await open({ name: slug, path: `/essays/${slug}` }, 390, 'light');
    const wide = await overflowing(page);
    await close();
    expect(wide).toEqual([]);
  });
});
