// @ts-check
// Measures what a built page costs a reader: its HTML with the stylesheets it links, raw, gzip and
// brotli (compressed as the build does), and the same for its chrome alone (everything outside
// <main>, plus the CSS), so page chrome growth can be told apart from content growth.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** @typedef {{ raw: number, gzip: number, brotli: number }} Bytes */
/** @typedef {{ page: Bytes, chrome: Bytes }} PageWeight */

/**
 * Page types by the built file's path under dist/client; the first match names the type.
 * @type {Array<[string, RegExp]>}
 */
export const PAGE_TYPES = [
  ['home', /^index\.html$/],
  ['essay', /^essays\/[^/]+\.html$/],
  ['essay index', /^essays\.html$/],
  ['glossary term', /^glossary\/[^/]+\.html$/],
  ['glossary index', /^glossary\.html$/],
  ['tag', /^tags\/[^/]+\.html$/],
  ['tag index', /^tags\.html$/],
  ['curriculum', /^curriculum\.html$/],
  ['api docs', /^api-docs\.html$/],
  ['auth', /^auth\.html$/],
  ['ask', /^ask\.html$/],
  ['papers', /^papers\.html$/],
  ['404', /^404\.html$/],
];

/** @param {string} file path under dist/client, with forward slashes */
export function pageType(file) {
  return PAGE_TYPES.find(([, pattern]) => pattern.test(file))?.[0];
}

/** @param {string} text @returns {Bytes} */
function sizes(text) {
  const bytes = Buffer.from(text);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    // Quality 10, as src/server/static-build.ts precompresses what the server sends.
    brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 10 } }).length,
  };
}

/** @param {Bytes[]} parts @returns {Bytes} */
export function sum(parts) {
  return parts.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

/** The page with everything between <main …> and </main> taken out. */
export function chromeOf(/** @type {string} */ html) {
  const open = html.search(/<main[\s>]/);
  const close = html.lastIndexOf('</main>');
  if (open < 0 || close < open) return html;
  return html.slice(0, html.indexOf('>', open) + 1) + html.slice(close);
}

/** Root-relative hrefs of the stylesheets a page links. */
export function stylesheetsOf(/** @type {string} */ html) {
  const hrefs = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="?stylesheet"?/.test(tag)) continue;
    const href = /\bhref="?([^"\s>]+)"?/.exec(tag)?.[1];
    if (href?.startsWith('/')) hrefs.push(href);
  }
  return hrefs;
}

/**
 * Weighs the built pages of one dist/client directory.
 * @param {string} dir
 * @returns {Map<string, PageWeight>} by file path under dir
 */
export function weighSite(dir) {
  /** @type {Map<string, Bytes>} */
  const cssCache = new Map();
  const cssOf = (/** @type {string} */ href) => {
    let bytes = cssCache.get(href);
    if (!bytes) {
      bytes = sizes(readFileSync(path.join(dir, href), 'utf8'));
      cssCache.set(href, bytes);
    }
    return bytes;
  };
  /** @type {Map<string, PageWeight>} */
  const pages = new Map();
  for (const file of htmlFiles(dir)) {
    const html = readFileSync(path.join(dir, file), 'utf8');
    const css = sum(stylesheetsOf(html).map(cssOf));
    pages.set(file, { page: sum([sizes(html), css]), chrome: sum([sizes(chromeOf(html)), css]) });
  }
  return pages;
}

/** HTML files under dir (paths relative to it), leaving out the build's assets. @param {string} dir @returns {string[]} */
export function htmlFiles(dir, sub = '') {
  if (!existsSync(path.join(dir, sub))) return [];
  const files = [];
  for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !rel.startsWith('_astro')) files.push(...htmlFiles(dir, rel));
    else if (entry.isFile() && entry.name.endsWith('.html')) files.push(rel);
  }
  return files;
}

/**
 * Mean weight per page type over the given pages.
 * @param {Map<string, PageWeight>} pages
 * @param {(file: string) => boolean} [keep] which pages count
 * @returns {Map<string, PageWeight & { count: number }>}
 */
export function byType(pages, keep = () => true) {
  /** @type {Map<string, PageWeight[]>} */
  const groups = new Map();
  for (const [file, weight] of pages) {
    const type = pageType(file);
    if (!type || !keep(file)) continue;
    groups.set(type, [...(groups.get(type) ?? []), weight]);
  }
  const mean = (/** @type {Bytes[]} */ list) => {
    const total = sum(list);
    const n = list.length;
    return { raw: total.raw / n, gzip: total.gzip / n, brotli: total.brotli / n };
  };
  /** @type {Map<string, PageWeight & { count: number }>} */
  const result = new Map();
  for (const [type] of PAGE_TYPES) {
    const list = groups.get(type);
    if (!list) continue;
    result.set(type, {
      count: list.length,
      page: mean(list.map((w) => w.page)),
      chrome: mean(list.map((w) => w.chrome)),
    });
  }
  return result;
}
