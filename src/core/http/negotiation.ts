import Negotiator from 'negotiator';
import type { ContentEncoding } from '../content-coding.ts';

const PAGE_TYPES = ['text/html', 'text/markdown'];
const API_TYPES = ['application/json', 'text/html'];

/**
 * True when the client prefers Markdown to HTML. Ties follow RFC 9110: higher q, then the more
 * specific range, then Accept order; a missing Accept or a bare * / * gets HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || !accept.includes('markdown')) return false;
  return new Negotiator({ headers: { accept } }).mediaType(PAGE_TYPES) === 'text/markdown';
}

/** True when a browser-like Accept prefers HTML to JSON; a missing Accept or * / * gets JSON. */
export function prefersHtml(accept: string | null | undefined): boolean {
  if (!accept || !accept.includes('html')) return false;
  return new Negotiator({ headers: { accept } }).mediaType(API_TYPES) === 'text/html';
}

/**
 * The media type of `offered` the Accept header prefers (RFC 9110 ties: q, specificity, order), or
 * undefined when it names none of them outright: a bare * / * or a browser's list keeps the default.
 */
export function preferredMediaType(accept: string | null | undefined, offered: readonly string[]): string | undefined {
  if (!accept || !offered.some((type) => accept.includes(type))) return undefined;
  return new Negotiator({ headers: { accept } }).mediaType([...offered]);
}

/** q-value the Accept-Encoding header gives a coding (RFC 9110 section 12.5.3), 0 when refused. */
function qualityOf(acceptEncoding: string, coding: string): number {
  let wildcard: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const quality = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    if (name.trim() === coding) return quality;
    if (name.trim() === '*') wildcard = quality;
  }
  return wildcard ?? 0;
}

/** Picks the best precompressed variant; brotli wins a tie because it is smaller. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: { br: boolean; gz: boolean },
): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const br = available.br ? qualityOf(acceptEncoding, 'br') : 0;
  const gz = available.gz ? qualityOf(acceptEncoding, 'gzip') : 0;
  if (br === 0 && gz === 0) return 'identity';
  return br >= gz ? 'br' : 'gzip';
}

/** Adds a request field the answer was chosen by to its Vary, after any already named. */
export function appendVary(headers: Record<string, string>, field: string): void {
  const current = headers['Vary'];
  headers['Vary'] = current ? `${current}, ${field}` : field;
}
