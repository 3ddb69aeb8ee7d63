import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPackage, ProvisionError, verifyIntegrity } from '../../scripts/node-provision.mjs';

const tarAvailable = spawnSync('tar', ['--version']).status === 0;
// Past ustar's 100-character name field: ustar splits it into its prefix field, gnu and pax use
// long-name records; Node's own include/ tree nests this deep.
const LONG_PATH = 'nested-directory/'.repeat(8) + 'node';

/** A package tarball as the system's tar writes it, in the given archive format. */
function packTar(format: 'ustar' | 'gnu' | 'pax'): Buffer {
  const work = mkdtempSync(path.join(tmpdir(), 'node-provision-'));
  const longDir = `package/include/${LONG_PATH}`;
  mkdirSync(path.join(work, 'package/bin'), { recursive: true });
  mkdirSync(path.join(work, longDir), { recursive: true });
  writeFileSync(path.join(work, 'package/bin/node'), '#!/bin/sh\necho fake node\n', { mode: 0o755 });
  writeFileSync(path.join(work, longDir, 'v8.h'), '// header\n', { mode: 0o644 });
  const archive = path.join(work, 'package.tar');
  const result = spawnSync('tar', [`--format=${format}`, '-cf', archive, '-C', work, 'package']);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return readFileSync(archive);
}

describe.skipIf(!tarAvailable)('extractPackage', () => {
  it.each(['ustar', 'gnu', 'pax'] as const)('unpacks a %s tarball without its package/ prefix', (format) => {
    const destination = mkdtempSync(path.join(tmpdir(), 'node-provision-out-'));
    extractPackage(packTar(format), destination);
    const binary = path.join(destination, 'bin/node');
    expect(readFileSync(binary, 'utf8')).toBe('#!/bin/sh\necho fake node\n');
    expect(statSync(binary).mode & 0o111).not.toBe(0);
    const header = path.join(destination, `include/${LONG_PATH}/v8.h`);
    expect(readFileSync(header, 'utf8')).toBe('// header\n');
    expect(existsSync(path.join(destination, 'package'))).toBe(false);
  });
});

describe('verifyIntegrity', () => {
  const data = Buffer.from('the tarball');
  const sha512 = `sha512-${createHash('sha512').update(data).digest('base64')}`;

  it('accepts the registry sha512, also beside other entries', () => {
    expect(() => verifyIntegrity(data, sha512, 'x@1')).not.toThrow();
    expect(() => verifyIntegrity(data, `sha1-abc ${sha512}`, 'x@1')).not.toThrow();
  });

  it('refuses a mismatch and an integrity without sha512', () => {
    expect(() => verifyIntegrity(Buffer.from('tampered'), sha512, 'x@1')).toThrow(ProvisionError);
    expect(() => verifyIntegrity(data, 'sha1-abc', 'x@1')).toThrow(/no sha512/);
  });
});
