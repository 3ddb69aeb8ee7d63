// The static manifest describes every file of the built site: its media type, a content hash for
// the ETag and which precompressed variants exist. scripts/build.mjs writes it once per build, so
// the server neither hashes nor compresses files at run time.
import { z } from 'zod';

export const StaticFileSchema = z.object({
  type: z.string(),
  size: z.int(),
  hash: z.string(),
  br: z.int().optional(),
  gz: z.int().optional(),
});
export type StaticFile = z.infer<typeof StaticFileSchema>;

export const StaticManifestSchema = z.object({
  siteUrl: z.string(),
  contentDir: z.string(),
  builtAt: z.string(),
  files: z.record(z.string(), StaticFileSchema),
});
export type StaticManifest = z.infer<typeof StaticManifestSchema>;

export const STATIC_MANIFEST_FILE = 'static-manifest.json';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  xsl: 'application/xslt+xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  webmanifest: 'application/manifest+json',
};

/** Files whose media type is not told by their extension. */
const TYPE_BY_PATH: Record<string, string> = {
  '/feed.xml': 'application/rss+xml; charset=utf-8',
  '/.well-known/api-catalog': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  '/.well-known/oauth-protected-resource': 'application/json; charset=utf-8',
  '/.well-known/oauth-authorization-server': 'application/json; charset=utf-8',
  '/ai-catalog.json': 'application/ai-catalog+json',
};

export function mediaTypeOf(urlPath: string): string {
  const known = TYPE_BY_PATH[urlPath];
  if (known) return known;
  const extension = /\.([a-z0-9]+)$/i.exec(urlPath)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) || 'application/octet-stream';
}

export function isCompressible(type: string): boolean {
  // JSON and XML, with or without a structured-syntax suffix (rss+xml, linkset+json, ai-catalog+json…).
  return /^(text\/|application\/([\w.-]+\+)?(json|xml)\b|image\/svg\+xml)/.test(type);
}
