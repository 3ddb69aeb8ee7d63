// The lint rule of eslint.config.js that keeps the catalogue's ApiError out of operations and the
// layers below them (issue 46: they throw domain errors; the HTTP edge maps them). Checked by linting
// a planted import with the project's own configuration, in a module of each side of the edge.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Type-aware linting only slows this check down: the rule under test reads imports, not types. */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  ],
});

const PLANTED =
  "import { ApiError } from '../errors.ts';\nexport const refuse = () => new ApiError('not_found', 'No such thing.');\n";

async function restrictedImports(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(PLANTED, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('ApiError stays at the edge (lint)', () => {
  it.each([
    'src/core/operations/essays.ts',
    'src/core/stores/capacity.ts',
    'src/core/papers/scholar.ts',
    'src/core/mcp/tool.ts',
  ])(
    'refuses an ApiError import in %s',
    async (file) => {
      const messages = await restrictedImports(file);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('domain error');
    },
    60_000,
  );

  it.each(['src/core/http/error-mapping.ts', 'src/core/mcp/server.ts'])(
    'lets %s, at the edge, import it',
    async (file) => {
      expect(await restrictedImports(file)).toEqual([]);
    },
    60_000,
  );
});
