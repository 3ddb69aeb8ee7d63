// Essay pages with diagrams in Debian's Chromium, in light and dark mode: every diagram is an image
// with a name, every label in it is readable against what is behind it, and the diagrams do not
// shift the layout as the page loads. axe-core checks every essay in both schemes in
// essay-figures.test.ts (all rules, at 390 px) and the essay template at 1280 px in
// layout-a11y.test.ts; its findings do not change with the width, so it does not run again here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsOutsideCode, chromiumAvailable, useBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const launched = useBrowser();
let server: TestServer;
beforeAll(async () => {
  if (chromiumAvailable) server = await startTestServer({ LOG_REQUESTS: 'false' });
});
afterAll(() => server?.stop());

/**
 * WCAG contrast of each diagram label against the shape or page behind its centre. axe-core skips
 * text inside SVG, and dark mode is exactly where a fixed colour would fail.
 */
function lowContrastLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const paint = (element: Element) => getComputedStyle(element).fill;
    const pageBackground =
      [document.body, document.documentElement]
        .map((element) => getComputedStyle(element).backgroundColor)
        .find((colour) => colour !== 'rgba(0, 0, 0, 0)') ?? 'rgb(255, 255, 255)';
    const problems: string[] = [];
    for (const label of document.querySelectorAll('svg.diagram text')) {
      const box = label.getBoundingClientRect();
      const behind = document
        .elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        .find((element) => element instanceof SVGRectElement && paint(element) !== 'none');
      const background = behind ? paint(behind) : pageBackground;
      const [lighter, darker] = [luminance(paint(label)), luminance(background)].sort((a, b) => b - a);
      const ratio = (lighter! + 0.05) / (darker! + 0.05);
      if (ratio < 4.5) problems.push(`"${label.textContent}" ${ratio.toFixed(2)}:1 on ${background}`);
    }
    return problems;
  });
}

// Every essay: each has at least one figure (test/http/diagrams.test.ts checks that).
const ESSAYS_WITH_DIAGRAMS = readdirSync(path.resolve(import.meta.dirname, '../../content/essays'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.slice(0, -'.md'.length))
  .sort();

describe.skipIf(!chromiumAvailable)('essay pages with diagrams', () => {
  it.each(ESSAYS_WITH_DIAGRAMS)('%s has named diagrams with readable labels in light and dark mode', async (slug) => {
    // One load, checked light and then dark: media queries follow emulateMedia.
    const page = await launched.browser.newPage({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/essays/${slug}`);
    const diagram = page.locator('svg.diagram').first();
    await diagram.scrollIntoViewIfNeeded();
    expect(
      await page
        .getByRole('img')
        .filter({ has: page.locator('title') })
        .count(),
    ).toBeGreaterThan(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await lowContrastLabels(page), colorScheme).toEqual([]);
    }
    await page.close();
  });

  it('the checks catch a diagram without a name and a label too pale to read', async () => {
    const page = await launched.browser.newPage({ colorScheme: 'light' });
    await page.goto(`${server.url}/essays/defi-mechanics`);
    await page.evaluate(() => {
      const svg = document.querySelector('svg.diagram')!;
      svg.removeAttribute('aria-labelledby');
      svg.querySelector('title')?.remove();
      const style = document.createElement('style');
      style.textContent = '.diagram text { fill: #c8c8c8; }';
      document.head.append(style);
    });
    expect((await axeViolationsOutsideCode(page)).join('\n')).toContain('svg-img-alt');
    expect((await lowContrastLabels(page)).length).toBeGreaterThan(0);
    await page.close();
  });

  it('diagrams keep their aspect ratio in a narrow frame and cause no layout shift', async () => {
    const page = await launched.browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.url}/essays/defi-mechanics`);
    const diagram = page.locator('svg.diagram').first();
    await diagram.scrollIntoViewIfNeeded();
    const box = (await diagram.boundingBox())!;
    const [width, height] = await diagram.evaluate((svg) => [svg.getAttribute('width'), svg.getAttribute('height')]);
    expect((await page.locator('.diagram-scroll').first().boundingBox())!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(box.height / box.width).toBeCloseTo(Number(height) / Number(width), 2);
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    await page.close();
  });

  it('at 360 px every diagram fits its frame: none scrolls inside it, nor the page', async () => {
    // Drawn 360 units wide, a diagram stays legible down to 330 px (src/site/diagrams.ts), so the
    // column of a 360 px phone must leave it that much.
    const page = await launched.browser.newPage({ viewport: { width: 360, height: 740 } });
    const scrolling: string[] = [];
    for (const slug of ESSAYS_WITH_DIAGRAMS) {
      await page.goto(`${server.url}/essays/${slug}`);
      const frames = await page.$$eval('.diagram-scroll', (scrollers) =>
        scrollers.map((scroller) => [scroller.scrollWidth, scroller.clientWidth]),
      );
      for (const [scrollWidth, clientWidth] of frames)
        if (scrollWidth! > clientWidth!) scrolling.push(`${slug}: ${scrollWidth} px in a ${clientWidth} px frame`);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (pageWidth > 360) scrolling.push(`${slug}: the page is ${pageWidth} px wide`);
    }
    await page.close();
    expect(scrolling).toEqual([]);
  });
});
