import { describe, expect, it } from 'vitest';
import { DOCS_SERVER, PRODUCT_SERVER } from '../../src/core/routes/mcp.ts';

describe('MCP instructions', () => {
  it.each([PRODUCT_SERVER, DOCS_SERVER])('name every tool and prompt of $name', (server) => {
    for (const tool of server.tools) expect(server.instructions).toContain(tool.name);
    for (const prompt of server.prompts) expect(server.instructions).toContain(prompt.name);
  });
});
