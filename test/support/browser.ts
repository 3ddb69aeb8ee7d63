// Debian's Chromium driven by playwright-core, with the flags these machines need: one browser per
// test file. Where there is no Chromium the files skip, and say why once.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
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
