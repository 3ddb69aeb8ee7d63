// Debian's Chromium driven by playwright-core, with the flags these machines need: one browser per
// test file. Where there is no Chromium the files skip, and say why once.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable) {
  console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
}

/** One Chromium for the calling test file, launched before its tests and closed after them. */
export function useBrowser(): { readonly browser: Browser } {
  const handle = {} as { browser: Browser };
  beforeAll(async () => {
    if (!chromiumAvailable) return;
    handle.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(() => handle.browser?.close());
  return handle;
}

interface AxeResult {
  violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's WCAG 2.1 A/AA and best-practice violations on the whole page except highlighted code,
 * whose colours come from the syntax theme (the page-template tests cover it), one line each.
 */
/** Puts axe-core in the page once per load: compiling it again costs more than a run on most pages. */
export async function withAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
}

export async function axeViolationsOutsideCode(page: Page): Promise<string[]> {
  await withAxe(page);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: object, options: object): Promise<AxeResult> } }).axe.run(
      { exclude: [['pre']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    ),
  );
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
