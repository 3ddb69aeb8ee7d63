// Strict tool inputs (issue 47, point 1): every published input schema is closed and described, an
// argument-less tool's schema is the one OpenAI's strict mode takes, integer bounds are only those that
// mean something, and a call with an argument the schema does not name is refused, naming the accepted ones.
import { describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();
const SERVERS = ['/.well-known/mcp', '/.well-known/mcp/docs'];

async function rpc(path: string, method: string, params: Record<string, unknown>, version = '2025-11-25') {
  const response = await http(`${running.server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': version,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return response.json();
}

type Schema = Record<string, any>;
const tools = async (path: string) =>
  (await rpc(path, 'tools/list', {})).result.tools as Array<{
    name: string;
    inputSchema: Schema;
    outputSchema: Schema;
  }>;

/** Every object schema inside a schema, the root included. */
function objects(schema: unknown, found: Schema[] = []): Schema[] {
  if (Array.isArray(schema)) schema.forEach((each) => objects(each, found));
  else if (schema && typeof schema === 'object') {
    const node = schema as Schema;
    if (node['type'] === 'object') found.push(node);
    Object.values(node).forEach((each) => objects(each, found));
  }
  return found;
}

describe.each(SERVERS)('tools/list on %s', (path) => {
  it('publishes every input schema closed, at every level', async () => {
    for (const tool of await tools(path))
      for (const object of objects(tool.inputSchema))
        expect(object['additionalProperties'], `${tool.name}`).toBe(false);
  });

  it('publishes an argument-less tool as OpenAI strict mode takes it', async () => {
    const bare = (await tools(path)).filter((tool) => Object.keys(tool.inputSchema['properties'] ?? {}).length === 0);
    for (const tool of bare)
      expect(tool.inputSchema, tool.name).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('describes every input property', async () => {
    const undescribed = (await tools(path)).flatMap((tool) =>
      Object.entries(tool.inputSchema['properties'] as Record<string, Schema>)
        .filter(([, property]) => typeof property['description'] !== 'string' || property['description'] === '')
        .map(([name]) => `${tool.name}.${name}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('publishes no ±9007199254740991 bound (JavaScript safe-integer limits, meaningless to a caller)', async () => {
    const text = JSON.stringify(await tools(path));
    expect(text).not.toContain('9007199254740991');
  });
});

describe('a call with an argument the tool does not take', () => {
  it.each(['2025-11-25', '2025-06-18'])(
    'is refused with -32602 naming the accepted arguments (%s)',
    async (version) => {
      const answer = await rpc(
        '/.well-known/mcp',
        'tools/call',
        { name: 'search_glossary', arguments: { query: 'rollup', page: 2 } },
        version,
      );
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error.message).toMatch(/"page"/);
      expect(answer.error.message).toMatch(/query/);
      expect(answer.error.data.accepted).toEqual(expect.arrayContaining(['query']));
    },
  );

  it('is refused on an argument-less tool too', async () => {
    const answer = await rpc('/.well-known/mcp/docs', 'tools/call', { name: 'get_auth_guide', arguments: { x: 1 } });
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error.message).toMatch(/takes no arguments/);
  });

  it('still answers a call with only accepted arguments', async () => {
    const answer = await rpc('/.well-known/mcp', 'tools/call', {
      name: 'search_glossary',
      arguments: { query: 'rollup' },
    });
    expect(answer.result.isError).not.toBe(true);
  });
});
