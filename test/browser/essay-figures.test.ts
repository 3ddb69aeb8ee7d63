// Every essay's figures as a phone shows them (390 px wide), in light and dark mode: each essay has
// a named figure, no diagram label renders smaller than 11 CSS px or spills out of its diagram, no
// diagram makes the page scroll sideways or needs to scroll inside its frame (every diagram is drawn
// narrow enough to fit a phone whole), and axe-core finds no violation. At 1280 px a diagram is
// shown no larger than its width attribute.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser, withAxe } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const PHONE = 390;
const SMALLEST_TEXT_PX = 11;

const essays = readdirSync(path.resolve(import.meta.dirname, '../../content/essays'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.slice(0, -'.md'.length))
  .sort();

const launched = useBrowser();
let server: TestServer;
beforeAll(async () => {
  if (chromiumAvailable) server = await startTestServer({ LOG_REQUESTS: 'false' });
});
afterAll(() => server?.stop());

async function open(slug: string, width: number, colorScheme: 'light' | 'dark') {
  const context = await launched.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
  const page = await context.newPage();
  const response = await page.goto(`${server.url}/essays/${slug}`);
  expect(response?.status(), slug).toBe(200);
  return { page, close: () => context.close() };
}

interface FigureMeasure {
  figures: number;
  /** The accessible names of the figures, from their <title>. */
  names: string[];
  /** The smallest rendered font size of any diagram label, in CSS px: font size times the SVG's scale. */
  smallestText: number;
  smallestLabel: string;
  /** Labels reaching past the left or right edge of their diagram. */
  spilling: string[];
  /**
   * Diagrams reaching past the viewport outside a horizontal scroller of their own (a frame that
   * scrolls sideways keeps the page still), or the page itself scrolling sideways.
   */
  tooWide: string[];
  /** Diagrams wider than their frame, which the reader would have to scroll sideways to see whole. */
  scrollsInFrame: string[];
  /** Diagrams drawn larger than their width attribute. */
  upscaled: string[];
}

function measureFigures(page: Page): Promise<FigureMeasure> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const diagrams = [...document.querySelectorAll<SVGSVGElement>('svg.diagram')];
    const result = {
      figures: diagrams.length,
      names: diagrams.map((svg) => svg.querySelector('title')?.textContent ?? ''),
      smallestText: Infinity,
      smallestLabel: '',
      spilling: [] as string[],
      tooWide: [] as string[],
      scrollsInFrame: [] as string[],
      upscaled: [] as string[],
    };
    for (const svg of diagrams) {
      const frame = svg.getBoundingClientRect();
      const name = svg.getAttribute('aria-labelledby') ?? '?';
      let scrolls = false;
      for (let e = svg.parentElement; e && e !== document.body && !scrolls; e = e.parentElement)
        scrolls = /auto|scroll/.test(getComputedStyle(e).overflowX) && e.clientWidth <= viewport;
      if ((frame.right > viewport + 0.5 || frame.left < -0.5) && !scrolls)
        result.tooWide.push(`${name}: ${frame.width} px`);
      const scroller = svg.closest('.diagram-scroll');
      if (scroller && scroller.scrollWidth > scroller.clientWidth)
        result.scrollsInFrame.push(`${name}: ${scroller.scrollWidth} px in ${scroller.clientWidth} px`);
      if (frame.width > Number(svg.getAttribute('width')) + 0.5) result.upscaled.push(`${name}: ${frame.width} px`);
      for (const label of svg.querySelectorAll<SVGTextElement>('text')) {
        const scale = label.getScreenCTM()?.a ?? 1;
        const size = parseFloat(getComputedStyle(label).fontSize) * scale;
        if (size < result.smallestText) {
          result.smallestText = size;
          result.smallestLabel = `${name}: "${label.textContent}"`;
        }
        const box = label.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5)
          result.spilling.push(`${name}: "${label.textContent}"`);
      }
    }
    if (document.documentElement.scrollWidth > viewport)
      result.tooWide.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    return result;
  });
}

async function axeViolations(page: Page): Promise<string[]> {
  await withAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<AxeResult> } }).axe;
    const { violations } = await axe.run(document);
    return violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

interface AxeResult {
  violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>;
}

describe.skipIf(!chromiumAvailable)(`every essay's figures at ${PHONE} px`, () => {
  it.each(essays)(
    '%s, light and dark: a named figure, labels >= 11 px inside it, no overflow, no axe violation',
    async (slug) => {
      // One load, checked in the light scheme and again in the dark one (media queries follow emulateMedia).
      const { page, close } = await open(slug, PHONE, 'light');
      // Every problem at once, so one failing check does not hide the others.
      const problems: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const measured = await measureFigures(page);
        problems.push(
          ...[
            ...(measured.figures > 0 ? [] : ['no figure']),
            ...measured.names.filter((name) => name.length < 5).map((name) => `a figure without a name: "${name}"`),
            ...(measured.smallestText >= SMALLEST_TEXT_PX
              ? []
              : [`label at ${measured.smallestText.toFixed(1)} px: ${measured.smallestLabel}`]),
            ...measured.spilling.map((label) => `label outside its diagram: ${label}`),
            ...measured.tooWide.map((wide) => `too wide: ${wide}`),
            ...measured.scrollsInFrame.map((wide) => `scrolls sideways in its frame: ${wide}`),
            ...(await axeViolations(page)),
          ].map((problem) => `${colorScheme}: ${problem}`),
        );
      }
      await close();
      expect(problems, slug).toEqual([]);
    },
  );

  it.each(essays)('%s at 1280 px: figures no larger than their width attribute, labels >= 11 px', async (slug) => {
    const { page, close } = await open(slug, 1280, 'light');
    const measured = await measureFigures(page);
    await close();
    expect(measured.upscaled, slug).toEqual([]);
    expect(measured.smallestText, measured.smallestLabel).toBeGreaterThanOrEqual(SMALLEST_TEXT_PX);
  });

  it('the checks catch a label too small, a label outside its diagram and diagrams too wide', async () => {
    // An essay whose figure passes every check unplanted (the first test), so each plant is what fails.
    const { page, close } = await open('transactions-gas-and-mev', PHONE, 'light');
    const before = await measureFigures(page);
    expect([before.smallestText >= SMALLEST_TEXT_PX, before.spilling, before.tooWide, before.scrollsInFrame]).toEqual([
      true,
      [],
      [],
      [],
    ]);
    await page.evaluate(() => {
      const svg = document.querySelector<SVGSVGElement>('svg.diagram')!;
      // A copy kept at 600 px in a frame of its own: the page stays still, but the reader must scroll it.
      const framed = document.createElement('div');
      framed.className = 'diagram-scroll';
      const kept = svg.cloneNode(true) as SVGSVGElement;
      kept.style.minWidth = '600px';
      framed.append(kept);
      document.querySelector('article')!.append(framed);
      const style = document.createElement('style');
      style.textContent = '.diagram .small { font-size: 9px; }';
      document.head.append(style);
      svg.querySelector('text')!.setAttribute('x', '-400');
      // A copy 900 px wide placed straight in the article, outside any frame that scrolls.
      const wide = svg.cloneNode(true) as SVGSVGElement;
      wide.setAttribute('width', '900');
      wide.style.maxWidth = 'none';
      wide.style.minWidth = '900px';
      document.querySelector('article')!.append(wide);
    });
    const measured = await measureFigures(page);
    await close();
    expect(measured.smallestText).toBeLessThan(SMALLEST_TEXT_PX);
    expect(measured.spilling.length).toBeGreaterThan(0);
    expect(measured.tooWide.length).toBeGreaterThan(0);
    expect(measured.scrollsInFrame.length).toBeGreaterThan(0);
  });
});
