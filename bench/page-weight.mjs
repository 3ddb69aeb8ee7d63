#!/usr/bin/env node
// @ts-check
// Page weight of two builds side by side: `npm run bench:page-weight -- <baseline dist/client>
// [current dist/client, default ./dist/client]`. Builds nothing. Per page type it prints the mean
// bytes of HTML + linked CSS (raw, gzip, brotli) over the pages both builds have, and the same for the
// chrome alone (outside <main>, plus the CSS), so content edits between the builds are set apart from
// what the layout adds to every page. The last columns hold the content as it was: the baseline's page
// plus the growth of the chrome.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { byType, weighSite } from './page-weight-measure.mjs';

const [baselineArg, currentArg = 'dist/client'] = process.argv.slice(2);
if (!baselineArg) {
  console.error('Usage: npm run bench:page-weight -- <baseline dist/client> [current dist/client]');
  process.exit(2);
}
const baselineDir = path.resolve(baselineArg);
const currentDir = path.resolve(currentArg);
for (const dir of [baselineDir, currentDir]) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`No built site in ${dir} (no index.html): run npm run build there first.`);
    process.exit(2);
  }
}

const baselinePages = weighSite(baselineDir);
const currentPages = weighSite(currentDir);
const inBoth = (/** @type {string} */ file) => baselinePages.has(file) && currentPages.has(file);
const before = byType(baselinePages, inBoth);
const after = byType(currentPages, inBoth);

/** @param {number} a @param {number} b */
const change = (a, b) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;
/** @param {number} a @param {number} b */
const cell = (a, b) => `${Math.round(a)} → ${Math.round(b)} (${change(a, b)})`;

console.log(`Baseline ${baselineDir}\nCurrent  ${currentDir}`);
console.log(
  'Mean bytes per page of HTML + linked CSS over the pages both builds have; chrome = outside <main>, plus CSS.\n',
);
const rows = [
  [
    'page type',
    'n',
    'page raw',
    'page gzip',
    'page brotli',
    'chrome raw',
    'chrome brotli',
    'same content raw',
    'same content brotli',
  ],
];
for (const [type, now] of after) {
  const then = before.get(type);
  if (!then) continue;
  rows.push([
    type,
    String(now.count),
    cell(then.page.raw, now.page.raw),
    cell(then.page.gzip, now.page.gzip),
    cell(then.page.brotli, now.page.brotli),
    cell(then.chrome.raw, now.chrome.raw),
    cell(then.chrome.brotli, now.chrome.brotli),
    cell(then.page.raw, then.page.raw + now.chrome.raw - then.chrome.raw),
    cell(then.page.brotli, then.page.brotli + now.chrome.brotli - then.chrome.brotli),
  ]);
}
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
for (const row of rows) console.log(row.map((text, i) => text.padEnd(widths[i] ?? 0)).join('  '));
const onlyOne = [...baselinePages.keys(), ...currentPages.keys()].filter((file) => !inBoth(file));
if (onlyOne.length > 0) console.log(`\nLeft out (in one build only): ${[...new Set(onlyOne)].sort().join(', ')}`);
