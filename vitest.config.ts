import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
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
          name: 'cluster',
          include: ['test/cluster/**/*.test.ts'],
          globalSetup: ['test/support/build-once.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/build-once.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
