import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files share a worker's module cache (each file still runs afresh): with isolation on, every file
 * imported the ask core and the test helpers again, and `npm test` took 498 s instead of 394 s (2 cores).
 * No test file mocks modules or changes shared module state.
 */
const shared = { isolate: false } as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the HTTP files
    // spend most of their time waiting on a server in a child process. Two workers there took the unit
    // and HTTP tests (built) to 284 s; three were no faster (294 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Ask's unit files build an index in a hook (SCOWL's word lists), some in a test: seconds, and
      // past the default 5 s per test on a busy CPU (seen with the machine's load at 12).
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...shared,
          name: 'http',
          include: ['test/http/**/*.test.ts'],
          globalSetup: ['test/support/build-once.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The MCP tests again with the remembered answers off (mcp/answer-cache.ts): they must pass both
        // ways, as the cache may change only how fast an answer comes.
        test: {
          ...shared,
          name: 'mcp-uncached',
          include: ['test/http/mcp*.test.ts'],
          env: { MCP_ANSWER_CACHE: 'false' },
          globalSetup: ['test/support/build-once.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // npm run test:cluster (scripts/test-cluster.mjs): needs redis-server and nginx, so not in npm test.
        test: {
          ...shared,
          name: 'cluster',
          include: ['test/cluster/**/*.test.ts'],
          globalSetup: ['test/support/build-once.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          // One file at a time: each drives Chromium, which takes both cores of a 2-core machine; two
          // at once timed out a 30 s walk through every essay in CI.
          fileParallelism: false,
          globalSetup: ['test/support/build-once.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
