// The weight budget of content pages (issue 49: "their weight stays within 10 % of today's"). The
// essays and glossary gained words and figures since, so what is held to the budget is the page's
// chrome (everything outside <main>, plus the CSS it loads): with the content as it was, the page may
// weigh at most 10 % more than before, raw and brotli-compressed (what the server sends every current
// browser; npm run bench:page-weight prints gzip too). Read from the build the globalSetup makes.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { byType, htmlFiles, pageType, stylesheetsOf, weighSite } from '../../bench/page-weight-measure.mjs';

const dist = path.resolve(import.meta.dirname, '../../dist/client');
const built = existsSync(path.join(dist, 'index.html'));
if (!built) console.log(`page weight: skipped, no built site in ${dist} (npm run build)`);

type Bytes = [raw: number, gzip: number, brotli: number];
const BUDGETED = [
  ['raw', 0],
  ['brotli', 2],
] as const;

/**
 * Mean bytes per page before issue 49 (c4ec20e, built with this SITE_URL), as bench/page-weight.mjs
 * measures them. Ask and Papers are left out: they are applications with scripts of their own, not
 * content pages (the benchmark still prints them).
 */
const BEFORE: Record<string, { chrome: Bytes; page: Bytes }> = {
  home: { chrome: [7758, 2814, 2277], page: [12281, 4349, 3603] },
  essay: { chrome: [8777, 3234, 2633], page: [30281, 11191, 9320] },
  'essay index': { chrome: [7774, 2840, 2313], page: [18102, 5822, 4818] },
  'glossary term': { chrome: [8098, 3011, 2430], page: [12193, 4635, 3729] },
  'glossary index': { chrome: [7780, 2847, 2312], page: [28005, 6437, 5333] },
  tag: { chrome: [7776, 2847, 2318], page: [8960, 3281, 2684] },
  'tag index': { chrome: [7726, 2832, 2298], page: [9969, 3176, 2588] },
  curriculum: { chrome: [7799, 2854, 2303], page: [38761, 12243, 10329] },
  'api docs': { chrome: [7812, 2858, 2320], page: [104826, 15868, 11189] },
  auth: { chrome: [7849, 2897, 2375], page: [20699, 6244, 5247] },
  '404': { chrome: [7596, 2794, 2263], page: [7768, 2844, 2309] },
};
const ALLOWED_GROWTH = 0.1;

describe.skipIf(!built)('content page weight', () => {
  const now = built ? byType(weighSite(dist)) : new Map();

  it.each(Object.keys(BEFORE))('%s: the chrome adds at most 10 % to the page as it weighed', (type) => {
    const before = BEFORE[type]!;
    const measured = now.get(type);
    expect(measured, `no ${type} page in the build`).toBeDefined();
    const over = BUDGETED.flatMap(([coding, i]) => {
      const budget = before.chrome[i]! + ALLOWED_GROWTH * before.page[i]!;
      const chrome = Math.round(measured!.chrome[coding]);
      return chrome > budget ? [`${coding}: chrome ${chrome} B > budget ${Math.floor(budget)} B`] : [];
    });
    expect(over).toEqual([]);
  });

  it('content pages load no script file, and every page the one shared stylesheet', () => {
    const scriptFiles: string[] = [];
    const sheets = new Set<string>();
    for (const file of htmlFiles(dist)) {
      const type = pageType(file);
      if (!type) continue;
      const html = readFileSync(path.join(dist, file), 'utf8');
      if (type in BEFORE && /<script\b[^>]*\ssrc=/.test(html)) scriptFiles.push(file);
      // The shared sheet stays a file the browser caches: inlined into each page, every page would
      // carry its 4 KB again (astro.config.mjs sets the inlining limit below it).
      const linked = stylesheetsOf(html);
      expect(linked.length, `${file} links no stylesheet`).toBeGreaterThan(0);
      for (const href of linked) sheets.add(href);
    }
    expect(scriptFiles).toEqual([]);
    expect([...sheets].length).toBe(1);
  });
});
