// The test build is reused only while nothing it reads has changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInputsHash } from '../support/build-once.ts';

let directory: string;
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function project(): string {
  directory = mkdtempSync(path.join(tmpdir(), 'build-inputs-'));
  for (const folder of ['src', 'content/essays', 'test', 'dist/app', 'node_modules/x']) {
    mkdirSync(path.join(directory, folder), { recursive: true });
  }
  writeFileSync(path.join(directory, 'package-lock.json'), '{}');
  writeFileSync(path.join(directory, 'src/main.ts'), 'export {};');
  writeFileSync(path.join(directory, 'content/essays/a.md'), '# A');
  return directory;
}

describe('the test build inputs hash', () => {
  it('changes when a source, a content file, the lock file or a new file changes', () => {
    const root = project();
    const seen = new Set([buildInputsHash(root)]);
    for (const [file, text] of [
      ['src/main.ts', 'export const a = 1;'],
      ['content/essays/a.md', '# A, revised'],
      ['package-lock.json', '{"lockfileVersion":3}'],
      ['content/essays/b.md', '# B'],
    ] as const) {
      writeFileSync(path.join(root, file), text);
      seen.add(buildInputsHash(root));
    }
    expect(seen.size).toBe(5);
  });

  it('ignores the tests, the build itself and node_modules', () => {
    const root = project();
    const before = buildInputsHash(root);
    writeFileSync(path.join(root, 'test/a.test.ts'), 'it();');
    writeFileSync(path.join(root, 'dist/app/server.mjs'), '');
    writeFileSync(path.join(root, 'node_modules/x/index.js'), '');
    expect(buildInputsHash(root)).toBe(before);
  });

  it('names a file by its path, so a file moved elsewhere is a change', () => {
    const root = project();
    const before = buildInputsHash(root);
    rmSync(path.join(root, 'content/essays/a.md'));
    writeFileSync(path.join(root, 'src/a.md'), '# A');
    expect(buildInputsHash(root)).not.toBe(before);
  });
});
