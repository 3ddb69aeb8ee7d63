// The layer check of `npm run lint` (scripts/check-layers.mjs): an upward import is found even when
// it goes through a module of the right layer, on a tiny tree and on a copy of the project's own
// sources with one import planted in a store, then one in the MCP tools' context.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findUpwardPaths } from '../../scripts/check-layers.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/check-layers.mjs');

const layers = [
  { name: 'bottom', prefixes: ['low/'] },
  { name: 'middle', prefixes: ['mid/'] },
  { name: 'top', prefixes: ['top/'] },
];

describe('findUpwardPaths', () => {
  it('finds nothing when every import goes down or sideways', () => {
    const imports = {
      'top/door.ts': ['mid/service.ts', 'low/base.ts'],
      'mid/service.ts': ['mid/other.ts', 'low/base.ts'],
      'mid/other.ts': ['low/base.ts'],
      'low/base.ts': [],
    };
    expect(findUpwardPaths(imports, layers)).toEqual([]);
  });

  it('finds an upward import made through a module of the same layer, with its path', () => {
    const imports = {
      'low/base.ts': ['low/helper.ts'],
      'low/helper.ts': ['top/door.ts'],
      'top/door.ts': [],
    };
    const found = findUpwardPaths(imports, layers);
    const fromBase = found.find((upward) => upward.from === 'low/base.ts');
    expect(fromBase).toMatchObject({ to: 'top/door.ts', path: ['low/base.ts', 'low/helper.ts', 'top/door.ts'] });
  });

  it('finds one that passes through a lower layer on its way up', () => {
    const imports = { 'mid/service.ts': ['low/base.ts'], 'low/base.ts': ['top/door.ts'], 'top/door.ts': [] };
    const paths = findUpwardPaths(imports, layers).map((upward) => upward.path);
    expect(paths).toContainEqual(['mid/service.ts', 'low/base.ts', 'top/door.ts']);
  });
});

describe('the layer check on a copy of the sources', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'layers-'));
  cpSync(path.join(ROOT, 'src'), path.join(copy, 'src'), {
    recursive: true,
    filter: (source) => !/\.(md|mdx|png|jpe?g|svg|woff2?)$/.test(source),
  });
  writeFileSync(path.join(copy, 'tsconfig.json'), '{}');
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  // Each run parses some 200 modules (seconds on a loaded machine): generous limits, no timing asserted.
  const check = () => spawnSync(process.execPath, [SCRIPT, copy], { encoding: 'utf8' });

  it('passes on the sources as they are', { timeout: 120_000 }, () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it(
    'fails on a type import planted in a store, and names modules that reach HTTP through it',
    { timeout: 120_000 },
    () => {
      appendFileSync(
        path.join(copy, 'src/core/stores/capacity.ts'),
        "\nexport type { RouteContext as PlantedUpward } from '../http/route.ts';\n",
      );
      const result = check();
      expect(result.status).toBe(1);
      // Each upward path is printed as its modules, one a line, the first one's layer named beside it.
      const paths = result.stderr
        .split(/\n(?=\S+ \(.+\) reaches )/)
        .map((block) => [...block.matchAll(/^\s+(?:-> )?(\S+)$/gm)].map((match) => match[1]));
      const throughCapacity = paths.filter(
        (steps) => steps[0] !== 'src/core/stores/capacity.ts' && steps.includes('src/core/stores/capacity.ts'),
      );
      expect(throughCapacity.length).toBeGreaterThan(0);
      for (const steps of throughCapacity) {
        expect(steps.length).toBeGreaterThanOrEqual(3);
        expect(steps.at(-1)).toMatch(/^src\/core\/http\//);
      }
    },
  );

  it(
    "fails when the MCP tools' context reaches HTTP, naming the tool module that reaches it through the context",
    { timeout: 120_000 },
    () => {
      appendFileSync(
        path.join(copy, 'src/core/mcp/context.ts'),
        "\nexport type { RouteContext as PlantedUpward } from '../http/route.ts';\n",
      );
      const result = check();
      expect(result.status).toBe(1);
      // mcp/tool.ts imports only the context of the two: its path up runs through it.
      expect(result.stderr).toMatch(
        /src\/core\/mcp\/tool\.ts \(mcp capabilities\) reaches src\/core\/http\/\S+ \(doors\):\n\s+src\/core\/mcp\/tool\.ts\n\s+-> src\/core\/mcp\/context\.ts\n/,
      );
    },
  );
});
