// npm run test:lighthouse: Lighthouse on one page of each type of the built site (npm run build
// first), in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium; nothing is downloaded).
// Accessibility, best practices and SEO must score 100 on each. Search result pages (/ask?q=…,
// /papers?q=…) are left out on purpose: robots.txt keeps them out of crawls, which Lighthouse's SEO
// check counts against them; so is the not-found page, whose 404 status it counts too. Performance
// on a shared machine varies from run to run, so it is printed as a ratio to the home page's score
// in the same run, not held to a number.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { PAGE_TYPES } from '../test/support/page-types.ts';
import { startTestServer } from '../test/support/server.ts';

const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const REQUIRED = ['accessibility', 'best-practices', 'seo'];
const pages = [
  ...PAGE_TYPES.filter((type) => !type.path.includes('?') && !type.status).map((type) => type.path),
  '/ask',
].filter((page, index, all) => all.indexOf(page) === index);

/** Starts Chromium with a DevTools port of its choosing and resolves with that port. */
function startChromium(profile) {
  const child = spawn(
    CHROME,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--remote-debugging-port=0', `--user-data-dir=${profile}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening:\n${text}`)));
  });
  return { child, port };
}

const server = await startTestServer({ LOG_REQUESTS: 'false' });
const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
const chromium = startChromium(profile);
const failures = [];
const rows = [];
try {
  const port = await chromium.port;
  for (const page of pages) {
    const result = await lighthouse(`${server.url}${page}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', ...REQUIRED],
    });
    const { categories, audits } = result.lhr;
    const scores = Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, category.score]));
    rows.push({ page, ...scores });
    for (const id of REQUIRED) {
      if (scores[id] === 1) continue;
      const failed = categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
        .map((ref) => `${ref.id}: ${audits[ref.id].title}`);
      failures.push(`${page} ${id} ${Math.round(scores[id] * 100)}: ${failed.join('; ')}`);
    }
  }
} finally {
  chromium.child.kill();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}

const home = rows.find((row) => row.page === '/')?.performance ?? 1;
console.log('page'.padEnd(36), 'a11y', 'best', 'seo', 'perf', 'perf / home');
for (const row of rows) {
  const cells = REQUIRED.map((id) => String(Math.round(row[id] * 100)).padStart(4));
  console.log(
    row.page.padEnd(36),
    ...cells,
    String(Math.round(row.performance * 100)).padStart(4),
    (row.performance / home).toFixed(2),
  );
}
if (failures.length > 0) {
  console.error(`\nBelow 100:\n${failures.join('\n')}`);
  process.exit(1);
}
