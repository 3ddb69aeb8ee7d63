// @ts-check
// Installs a pinned Node.js 24 for the launcher (scripts/launch.mjs) when the machine's Node is too
// old: the per-platform `node-<os>-<arch>` package from the npm registry, checked against the
// registry's `dist.integrity`, unpacked into .cache/node/ inside the project. Runs on Node >= 18 and
// uses nothing but Node itself, since it runs before `npm ci` has anything to offer on that Node.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The Node.js 24 release installed per platform: the `node-<os>-<arch>` packages are published
 * unevenly (no 24.x exists for darwin-arm64, the newest for darwin-x64 is 24.18.1).
 * @type {Record<string, string>}
 */
export const PINNED_NODE = {
  'linux-x64': '24.21.0',
  'linux-arm64': '24.21.0',
  'win-x64': '24.21.0',
  'darwin-x64': '24.18.1',
};

const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

export class ProvisionError extends Error {
  /** @override */
  name = 'ProvisionError';
}

/**
 * The path of the pinned Node binary under `root`/.cache/node, installing it first when absent.
 * @param {string} root the project directory
 * @param {(line: string) => void} say progress for the user
 * @returns {Promise<string>}
 */
export async function provisionNode(root, say) {
  const platform = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const version = PINNED_NODE[platform];
  if (!version) {
    throw new ProvisionError(`the npm registry has no Node.js 24 package for ${platform}.`);
  }
  const name = `node-${platform}`;
  const directory = path.join(root, '.cache/node', `${name}-${version}`);
  const binary = path.join(directory, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  // The directory appears by a rename once complete, so its binary's presence means a whole install.
  if (existsSync(binary)) return binary;

  const registry = (process.env['npm_config_registry'] || DEFAULT_REGISTRY).replace(/\/*$/, '/');
  say(
    `Node.js ${process.version} is older than 22.12: installing Node.js ${version} (${name}) from ${registry} into .cache/node (once)...`,
  );
  const started = Date.now();
  const metadata = /** @type {{ dist?: { integrity?: string; tarball?: string } }} */ (
    JSON.parse((await download(`${registry}${name}/${version}`)).toString('utf8'))
  );
  const { integrity, tarball } = metadata.dist ?? {};
  if (!integrity || !tarball)
    throw new ProvisionError(`the registry's entry for ${name}@${version} has no dist.integrity or tarball.`);
  const archive = await download(tarball);
  verifyIntegrity(archive, integrity, `${name}@${version}`);

  const partial = `${directory}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    extractPackage(gunzipSync(archive), partial);
    renameSync(partial, directory);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another launcher finishing the same install first is no failure.
    if (!existsSync(binary)) throw error;
  }
  const megabytes = (archive.length / 1024 / 1024).toFixed(1);
  say(
    `Installed Node.js ${version} (${megabytes} MB, checked against the registry's sha512) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return binary;
}

/** @param {string} url */
async function download(url) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new ProvisionError(`could not reach ${url} (${describe(error)}).`);
  }
  if (!response.ok) throw new ProvisionError(`${url} answered ${response.status}.`);
  return Buffer.from(await response.arrayBuffer());
}

/** @param {unknown} error */
const describe = (error) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);

/**
 * Subresource Integrity as npm writes it: one or more `<algorithm>-<base64>` entries; the strongest
 * sha512 one must match.
 * @param {Buffer} data
 * @param {string} integrity
 * @param {string} what
 */
export function verifyIntegrity(data, integrity, what) {
  const expected = integrity
    .split(/\s+/)
    .filter((entry) => entry.startsWith('sha512-'))
    .map((entry) => entry.slice('sha512-'.length));
  if (expected.length === 0) throw new ProvisionError(`the registry gives no sha512 integrity for ${what}.`);
  const actual = createHash('sha512').update(data).digest('base64');
  if (!expected.includes(actual)) {
    throw new ProvisionError(
      `${what} failed its integrity check (sha512-${actual}, expected ${integrity}); nothing was installed.`,
    );
  }
}

/**
 * Writes the files of an npm package tarball (ustar, with pax or GNU long names) under `destination`,
 * without the `package/` prefix. Anything outside it, links and devices are skipped.
 * @param {Buffer} tar
 * @param {string} destination
 */
export function extractPackage(tar, destination) {
  /** @type {string | undefined} */
  let longName;
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    /** @type {(start: number, length: number) => string} */
    const field = (start, length) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;

    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? longName;
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    const relative = name.replace(/^package\//, '');
    if (relative === name || relative.split(/[\\/]/).includes('..') || path.isAbsolute(relative)) continue;

    const target = path.join(destination, relative);
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '7') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, body, { mode: Number.parseInt(field(100, 8).trim() || '644', 8) & 0o777 });
    }
  }
}
