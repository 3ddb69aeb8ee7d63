// Runs after `astro build`: precompresses text files (brotli and gzip, kept only when smaller) and
// writes the static manifest, so the server never hashes or compresses a file at run time.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
  isCompressible,
  mediaTypeOf,
  STATIC_MANIFEST_FILE,
  type StaticFile,
  type StaticManifest,
} from './static-manifest.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESS_MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.(br|gz)$/.test(entry.name)) yield full;
  }
}

async function describe(clientDir: string, file: string): Promise<[string, StaticFile]> {
  const urlPath = `/${path.relative(clientDir, file).split(path.sep).join('/')}`;
  const bytes = await readFile(file);
  const type = mediaTypeOf(urlPath);
  const info: StaticFile = {
    type,
    size: bytes.length,
    hash: createHash('sha256').update(bytes).digest('base64url').slice(0, 22),
  };
  if (isCompressible(type) && bytes.length >= COMPRESS_MIN_BYTES) {
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 10, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    if (br.length < bytes.length) {
      await writeFile(`${file}.br`, br);
      info.br = br.length;
    }
    if (gz.length < bytes.length) {
      await writeFile(`${file}.gz`, gz);
      info.gz = gz.length;
    }
  }
  return [urlPath, info];
}

export async function writeStaticManifest(
  distDir: string,
  siteUrl: string,
  contentDir: string,
): Promise<StaticManifest> {
  const clientDir = path.join(distDir, 'client');
  const pending: Array<Promise<[string, StaticFile]>> = [];
  for await (const file of walk(clientDir)) pending.push(describe(clientDir, file));
  const files = Object.fromEntries((await Promise.all(pending)).sort(([a], [b]) => a.localeCompare(b)));
  const manifest: StaticManifest = { siteUrl, contentDir, builtAt: new Date().toISOString(), files };
  await writeFile(path.join(distDir, STATIC_MANIFEST_FILE), JSON.stringify(manifest));
  return manifest;
}
