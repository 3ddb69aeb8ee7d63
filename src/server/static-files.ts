// Serves the built site (dist/client) from the manifest: URL resolution, ETag/304, precompressed
// variants, long-lived caching for hashed assets, HEAD, and Markdown twins by content negotiation.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BoundedCache } from '../core/bounded-cache.ts';
import { ifNoneMatch } from '../core/http/conditional.ts';
import { chooseEncoding, prefersMarkdown } from '../core/http/negotiation.ts';
import type { StaticFile, StaticManifest } from './static-manifest.ts';

export interface StaticRequest {
  method: string;
  path: string;
  search: string;
  headers: {
    accept?: string | undefined;
    'accept-encoding'?: string | undefined;
    'if-none-match'?: string | undefined;
  };
}

export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** URLs that answer with another file of the site. */
const ALIASES: Record<string, string> = {
  '/openapi': '/openapi.json',
  '/swagger.json': '/openapi.json',
  '/docs.json': '/openapi.json',
  // The AI Catalog spec's well-known location for the catalog we publish at /ai-catalog.json.
  '/.well-known/ai-catalog.json': '/ai-catalog.json',
};

const HASHED_ASSET = /^\/_astro\//;
const CACHE_BYTES = 64 * 1024 * 1024;

/** RFC 9727: the home page and the catalog itself announce the API catalog, on GET and HEAD. */
const API_CATALOG_PATH = '/.well-known/api-catalog';
const ANNOUNCE_API_CATALOG = new Set(['/index.html', '/index.md', API_CATALOG_PATH]);

export class StaticSite {
  readonly #root: string;
  readonly #files: Map<string, StaticFile>;
  readonly #apiCatalogLink: string | undefined;
  readonly #cache = new BoundedCache<Buffer>({
    maxEntries: 20_000,
    maxBytes: CACHE_BYTES,
    sizeOf: (buffer) => buffer.length,
  });

  constructor(root: string, manifest: StaticManifest) {
    this.#root = root;
    this.#files = new Map(Object.entries(manifest.files));
    this.#apiCatalogLink = this.#files.has(API_CATALOG_PATH)
      ? `<${manifest.siteUrl.replace(/\/+$/, '')}${API_CATALOG_PATH}>; rel="api-catalog"`
      : undefined;
  }

  /** The file a URL path names, following the build's `format: 'file'` layout. */
  resolve(urlPath: string): string | undefined {
    const aliased = ALIASES[urlPath] ?? urlPath;
    if (aliased === '/') return '/index.html';
    if (this.#files.has(aliased)) return aliased;
    if (this.#files.has(`${aliased}.html`)) return `${aliased}.html`;
    if (this.#files.has(`${aliased}/index.html`)) return `${aliased}/index.html`;
    return undefined;
  }

  async serve(request: StaticRequest): Promise<StaticResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
        body: Buffer.from('Method not allowed\n'),
      };
    }
    const decoded = safePath(request.path);
    if (decoded === undefined) return this.#notFound(request);
    const redirect = this.#trailingSlashRedirect(decoded, request.search);
    if (redirect) return redirect;

    const filePath = this.resolve(decoded);
    // The not-found page is no page of its own: at /404 too it answers 404, so nothing indexes it.
    if (!filePath || filePath === '/404.html') return this.#notFound(request);

    const twin = filePath.endsWith('.html') ? filePath.replace(/\.html$/, '.md') : undefined;
    const hasTwin = twin !== undefined && this.#files.has(twin);
    const chosen = hasTwin && prefersMarkdown(request.headers.accept) ? twin : filePath;
    const links: Record<string, string> =
      this.#apiCatalogLink && ANNOUNCE_API_CATALOG.has(filePath) ? { Link: this.#apiCatalogLink } : {};
    return this.#send(request, chosen, 200, hasTwin, links);
  }

  /** /a/b/ answers 308 to /a/b when that is a page: one URL per page. */
  #trailingSlashRedirect(decoded: string, search: string): StaticResponse | undefined {
    if (decoded.length <= 1 || !decoded.endsWith('/')) return undefined;
    const target = decoded.replace(/\/+$/, '') || '/';
    if (!this.resolve(target)) return undefined;
    return {
      status: 308,
      headers: { Location: encodeURI(target) + search, 'Content-Type': 'text/plain; charset=utf-8' },
      body: Buffer.from(`See ${target}\n`),
    };
  }

  async #notFound(request: StaticRequest): Promise<StaticResponse> {
    if (this.#files.has('/404.html'))
      return this.#send(
        { ...request, headers: { ...request.headers, 'if-none-match': undefined } },
        '/404.html',
        404,
        false,
      );
    return { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('Not found\n') };
  }

  async #send(
    request: StaticRequest,
    filePath: string,
    status: number,
    negotiated: boolean,
    extraHeaders: Record<string, string> = {},
  ): Promise<StaticResponse> {
    const file = this.#files.get(filePath);
    if (!file) return { status: 500, headers: {}, body: null };
    const encoding = chooseEncoding(request.headers['accept-encoding'], {
      br: file.br !== undefined,
      gz: file.gz !== undefined,
    });
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
    const etag = `"${file.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    const headers = fileHeaders(file, filePath, etag, negotiated, encoding, extraHeaders);
    if (status === 200 && ifNoneMatch(request.headers['if-none-match'], etag)) {
      return { status: 304, headers, body: null };
    }
    const body = await this.#read(filePath + suffix);
    headers['Content-Length'] = String(body.length);
    return { status, headers, body: request.method === 'HEAD' ? null : body };
  }

  /** A built file's text by URL path, or undefined when there is none (MCP tools read twins). */
  async readText(urlPath: string): Promise<string | undefined> {
    if (!this.#files.has(urlPath)) return undefined;
    return (await this.#read(urlPath)).toString('utf8');
  }

  async #read(filePath: string): Promise<Buffer> {
    const cached = this.#cache.get(filePath);
    if (cached) return cached;
    const buffer = await readFile(path.join(this.#root, filePath));
    this.#cache.set(filePath, buffer);
    return buffer;
  }
}

/** A URL path decoded, or undefined when it cannot name a file (bad escapes, NUL, `..`). */
function safePath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  return decoded.includes('\0') || decoded.split('/').includes('..') ? undefined : decoded;
}

/** The headers of a built file's answer in one coding. */
function fileHeaders(
  file: { type: string; br?: unknown; gz?: unknown },
  filePath: string,
  etag: string,
  negotiated: boolean,
  encoding: string,
  extraHeaders: Record<string, string>,
): Record<string, string> {
  const vary = [negotiated ? 'Accept' : '', file.br !== undefined || file.gz !== undefined ? 'Accept-Encoding' : '']
    .filter(Boolean)
    .join(', ');
  const headers: Record<string, string> = {
    ...extraHeaders,
    'Content-Type': file.type,
    ETag: etag,
    'Cache-Control': HASHED_ASSET.test(filePath)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=0, must-revalidate',
  };
  // Machine-readable files (OpenAPI, llms.txt, the api-catalog, manifests, feeds, Markdown twins) are
  // public and carry no credentials: any page may fetch them, as it may the API.
  if (!file.type.startsWith('text/html')) headers['Access-Control-Allow-Origin'] = '*';
  if (vary) headers['Vary'] = vary;
  if (negotiated && filePath.endsWith('.md')) headers['Content-Location'] = filePath;
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return headers;
}
