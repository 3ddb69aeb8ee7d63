// The MCP Inspector's CLI (pinned in package.json) against both servers, in the legacy era
// (initialize) and the modern one (server/discover, per-request _meta): what a developer sees when
// pointing the Inspector at us.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();
const run = promisify(execFile);
const INSPECTOR = path.resolve('node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');

async function inspect(endpoint: string, era: string, ...args: string[]) {
  const { stdout } = await run(
    process.execPath,
    [INSPECTOR, '--cli', '--transport', 'http', '--server-url', `${running.server.url}${endpoint}`].concat([
      '--protocol-era',
      era,
      '--format',
      'json',
      '-q',
      ...args,
    ]),
    // The Inspector keeps a locked catalog under HOME: a fresh HOME per run keeps parallel runs from waiting on it.
    { env: { ...process.env, HOME: mkdtempSync(path.join(tmpdir(), 'mcp-inspector-')) }, timeout: 60_000 },
  );
  return (JSON.parse(stdout) as { result: Record<string, any> }).result;
}

const SERVERS = [
  { endpoint: '/.well-known/mcp', tool: 'search_glossary', args: ['--tool-arg', 'query=rollup'] },
  { endpoint: '/api/mcp/docs', tool: 'search_documentation', args: ['--tool-arg', 'query=batch'] },
];

describe.each(SERVERS)('MCP Inspector CLI on $endpoint', ({ endpoint, tool, args }) => {
  it.each(['legacy', 'modern'])('--protocol-era %s: tools, a call, resources and prompts', async (era) => {
    const descriptor = (await http(`${running.server.url}${endpoint}`)).json();
    const [tools, called, resources, prompts] = await Promise.all([
      inspect(endpoint, era, '--method', 'tools/list'),
      inspect(endpoint, era, '--method', 'tools/call', '--tool-name', tool, ...args),
      inspect(endpoint, era, '--method', 'resources/list'),
      inspect(endpoint, era, '--method', 'prompts/list'),
    ]);
    expect(tools['tools'].map((entry: { name: string }) => entry.name)).toEqual(
      descriptor.tools.map((entry: { name: string }) => entry.name),
    );
    expect(called['isError']).toBeFalsy();
    expect(called['content'][0].text.length).toBeGreaterThan(0);
    expect(resources['resources'].length).toBeGreaterThan(0);
    expect(prompts['prompts'].length).toBeGreaterThan(0);
    // Only the modern era carries the server's identity in each result.
    expect(called['_meta']?.['io.modelcontextprotocol/serverInfo']?.name).toBe(
      era === 'modern' ? descriptor.name : undefined,
    );
  });
});
