// A route that names its operation must answer 200 with exactly what the operation returns, so the
// MCP tools that call the operation and the route's clients read one schema.
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/core/routes/index.ts';

describe('route operations', () => {
  const withOperation = routes.filter((route) => route.operation !== undefined);

  it('are named by the routes the MCP tools share an implementation with', () => {
    expect(withOperation.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/essays',
        'GET /api/v1/glossary',
        'GET /api/v1/reports/search',
        'GET /ask',
        'POST /ask',
      ]),
    );
  });

  it.each(withOperation.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "document the operation's output as the 200 of %s",
    (_, route) => {
      expect(route.responses[200]?.schema).toBe(route.operation?.output);
    },
  );
});
