import Negotiator from 'negotiator';

const PAGE_TYPES = ['text/html', 'text/markdown'];

/**
 * True when the client prefers Markdown to HTML. Ties follow RFC 9110: higher q, then the more
 * specific range, then Accept order; a missing Accept or a bare * / * gets HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || !accept.includes('markdown')) return false;
  return new Negotiator({ headers: { accept } }).mediaType(PAGE_TYPES) === 'text/markdown';
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

export function chooseEncoding(acceptEncoding: string | undefined, available: { br: boolean; gz: boolean }): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const offered: string[] = [];
  if (available.br) offered.push('br');
  if (available.gz) offered.push('gzip');
  if (offered.length === 0) return 'identity';
  offered.push('identity');
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(offered);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}
