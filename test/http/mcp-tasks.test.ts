// MCP Tasks on both servers, as each revision defines them: 2025-11-25 (the client asks with `task`;
// tasks/get, tasks/result, tasks/list, tasks/cancel) and the 2026-07-28 extension (SEP-2663: the
// server makes a task of a call that outlives the sync budget; tasks/get inlines the result). Tasks
// are jobs: a slow OpenAlex stand-in keeps a paper lookup running past the budget.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { http, httpFrom, type RawResponse } from '../support/http.ts';
import { MODERN, TAKES_TASKS, TASKS_EXTENSION, mcpFramed, mcpHeaders } from '../support/mcp-framing.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const BUDGET_MS = 300;
const running = useServerWithStandIn({ SYNC_BUDGET_MS: String(BUDGET_MS) });
const LEGACY = '2025-11-25';
const PAPER = 'W9000000001';
const SERVERS = [
  { path: '/.well-known/mcp', tool: 'get_paper', args: { id: PAPER } },
  { path: '/.well-known/mcp/docs', tool: 'search_documentation', args: { query: 'rate limit' } },
];

type Params = Record<string, unknown>;
let nextId = 1;

/** One JSON-RPC request as a client of `version` sends it (2026-07-28: `_meta` and mirrored headers). */
function rpc(
  path: string,
  version: string,
  method: string,
  params: Params = {},
  options: { headers?: Record<string, string>; tasks?: boolean; from?: string } = {},
): Promise<RawResponse> {
  const framed = mcpFramed(version, method, params, options.tasks === false ? {} : TAKES_TASKS);
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: framed.params });
  const init = { method: 'POST', headers: { ...framed.headers, ...options.headers }, body };
  const url = `${running.server.url}${path}`;
  return options.from ? httpFrom(options.from, url, init) : http(url, init);
}

const resultOf = (response: RawResponse) => {
  const answer = response.json();
  if (answer.error) throw new Error(`JSON-RPC error ${answer.error.code}: ${answer.error.message}`);
  return answer.result;
};
const errorOf = (response: RawResponse) => response.json().error as { code: number; message: string; data?: any };

/** The stand-in answers the next `times` requests after `delayMs`: a paper lookup outlives the budget. */
function slowUpstream(delayMs = 1_500, times = 1) {
  running.standIn.setFault({ kind: 'slow', delayMs, times });
}

async function token(): Promise<string> {
  const response = await http(`${running.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return response.json().access_token;
}

async function pollLegacy(path: string, taskId: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const task = resultOf(await rpc(path, LEGACY, 'tasks/get', { taskId }, { headers }));
    if (task.status !== 'working') return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} did not end`);
}

async function pollModern(path: string, taskId: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const task = resultOf(await rpc(path, MODERN, 'tasks/get', { taskId }));
    if (task.status !== 'working') return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} did not end`);
}

describe.each(SERVERS)('2025-11-25 tasks on $path', ({ path, tool, args }) => {
  it('declares the tasks capability and task support on every tool', async () => {
    const initialized = resultOf(
      await rpc(path, LEGACY, 'initialize', {
        protocolVersion: LEGACY,
        capabilities: {},
        clientInfo: { name: 'tests', version: '1' },
      }),
    );
    expect(initialized.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const { tools } = resultOf(await rpc(path, LEGACY, 'tools/list'));
    expect(tools.length).toBeGreaterThan(0);
    for (const listed of tools) expect(listed.execution).toEqual({ taskSupport: 'optional' });
  });

  it('answers a call with `task` by a task at once; tasks/get, tasks/result and tasks/list follow it', async () => {
    const synchronous = resultOf(await rpc(path, LEGACY, 'tools/call', { name: tool, arguments: args }));
    const created = resultOf(await rpc(path, LEGACY, 'tools/call', { name: tool, arguments: args, task: {} }));
    const { task } = created;
    expect(task).toMatchObject({ status: 'working', ttl: expect.any(Number), pollInterval: expect.any(Number) });
    expect(task.taskId).toMatch(/^job_[a-z2-7]{26}$/);
    expect(Date.parse(task.createdAt)).not.toBeNaN();
    expect(Date.parse(task.lastUpdatedAt)).not.toBeNaN();
    expect(created).not.toHaveProperty('content');

    const result = resultOf(await rpc(path, LEGACY, 'tasks/result', { taskId: task.taskId }));
    expect(result._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId: task.taskId });
    expect(result.structuredContent).toEqual(synchronous.structuredContent);
    expect(result.content).toEqual(synchronous.content);

    const ended = resultOf(await rpc(path, LEGACY, 'tasks/get', { taskId: task.taskId }));
    expect(ended).toMatchObject({ taskId: task.taskId, status: 'completed' });
    const { tasks } = resultOf(await rpc(path, LEGACY, 'tasks/list'));
    expect(tasks.map((listed: { taskId: string }) => listed.taskId)).toContain(task.taskId);

    const again = errorOf(await rpc(path, LEGACY, 'tasks/cancel', { taskId: task.taskId }));
    expect(again.code).toBe(-32602);
    expect(again.message).toContain('completed');
  });

  it('refuses a malformed `task` and an unknown or malformed task id with -32602', async () => {
    expect(errorOf(await rpc(path, LEGACY, 'tools/call', { name: tool, arguments: args, task: 'yes' })).code).toBe(
      -32602,
    );
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      for (const taskId of ['job_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'not-a-task', 7]) {
        expect(errorOf(await rpc(path, LEGACY, method, { taskId })).code).toBe(-32602);
      }
    }
    expect(errorOf(await rpc(path, LEGACY, 'tasks/list', { cursor: 'bm90LWEtY3Vyc29y' })).code).toBe(-32602);
  });
});

describe('2025-11-25 tasks on the product server', () => {
  const path = '/.well-known/mcp';

  it('tasks/result waits for the end within the request budget; a cancelled task stays cancelled', async () => {
    slowUpstream(BUDGET_MS * 3);
    const { task } = resultOf(
      await rpc(path, LEGACY, 'tools/call', { name: 'get_paper', arguments: { id: 'W9000000002' }, task: {} }),
    );
    expect(resultOf(await rpc(path, LEGACY, 'tasks/get', { taskId: task.taskId })).status).toBe('working');
    const started = Date.now();
    const early = errorOf(await rpc(path, LEGACY, 'tasks/result', { taskId: task.taskId }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(BUDGET_MS - 20);
    expect(early).toMatchObject({ code: -32603, data: { taskId: task.taskId, status: 'working' } });
    expect(early.message).toContain(`after ${BUDGET_MS} ms`);
    let waited = (await rpc(path, LEGACY, 'tasks/result', { taskId: task.taskId })).json();
    for (let round = 0; waited.error && round < 10; round += 1)
      waited = (await rpc(path, LEGACY, 'tasks/result', { taskId: task.taskId })).json();
    expect(waited.result.structuredContent.id).toBe('https://openalex.org/W9000000002');

    slowUpstream(1_500);
    const second = resultOf(
      await rpc(path, LEGACY, 'tools/call', { name: 'get_paper', arguments: { id: 'W9000000003' }, task: {} }),
    ).task;
    const cancelled = resultOf(await rpc(path, LEGACY, 'tasks/cancel', { taskId: second.taskId }));
    expect(cancelled).toMatchObject({ taskId: second.taskId, status: 'cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(resultOf(await rpc(path, LEGACY, 'tasks/get', { taskId: second.taskId })).status).toBe('cancelled');
    expect(errorOf(await rpc(path, LEGACY, 'tasks/result', { taskId: second.taskId })).code).toBe(-32603);
    expect(errorOf(await rpc(path, LEGACY, 'tasks/cancel', { taskId: second.taskId })).message).toContain('cancelled');
  });

  it('shows a task only to the client that made it: its token, else its address', async () => {
    const [mine, theirs] = [await token(), await token()];
    const auth = (value: string) => ({ authorization: `Bearer ${value}` });
    const { task } = resultOf(
      await rpc(
        path,
        LEGACY,
        'tools/call',
        { name: 'search_glossary', arguments: { query: 'wallet' }, task: {} },
        { headers: auth(mine) },
      ),
    );
    expect((await pollLegacy(path, task.taskId, auth(mine))).status).toBe('completed');
    for (const headers of [auth(theirs), {}]) {
      for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
        expect(errorOf(await rpc(path, LEGACY, method, { taskId: task.taskId }, { headers })).code).toBe(-32602);
      }
      const { tasks } = resultOf(await rpc(path, LEGACY, 'tasks/list', {}, { headers }));
      expect(tasks.map((listed: { taskId: string }) => listed.taskId)).not.toContain(task.taskId);
      expect((await http(`${running.server.url}/api/v1/jobs/${task.taskId}`, { headers })).status).toBe(404);
    }
    expect((await http(`${running.server.url}/api/v1/jobs/${task.taskId}`, { headers: auth(mine) })).status).toBe(200);

    const anonymous = resultOf(
      await rpc(path, LEGACY, 'tools/call', { name: 'search_glossary', arguments: { query: 'nonce' }, task: {} }),
    ).task;
    expect(
      errorOf(await rpc(path, LEGACY, 'tasks/get', { taskId: anonymous.taskId }, { from: '127.0.0.2' })).code,
    ).toBe(-32602);
  });

  it('pages tasks/list with an opaque cursor, oldest first', async () => {
    const headers = { authorization: `Bearer ${await token()}` };
    const made: string[] = [];
    for (let index = 0; index < 53; index += 1) {
      const call = { name: 'search_glossary', arguments: { query: `term ${index}` }, task: {} };
      made.push(resultOf(await rpc(path, LEGACY, 'tools/call', call, { headers })).task.taskId);
    }
    const first = resultOf(await rpc(path, LEGACY, 'tasks/list', {}, { headers }));
    expect(first.tasks).toHaveLength(50);
    expect(typeof first.nextCursor).toBe('string');
    const second = resultOf(await rpc(path, LEGACY, 'tasks/list', { cursor: first.nextCursor }, { headers }));
    expect(second.nextCursor).toBeUndefined();
    expect([...first.tasks, ...second.tasks].map((task: { taskId: string }) => task.taskId)).toEqual(made);
  });
});

describe.each(SERVERS)('2026-07-28 tasks extension on $path', ({ path, tool, args }) => {
  it('advertises the extension, not the 2025-11-25 capability, and no per-tool task support', async () => {
    const { capabilities } = resultOf(await rpc(path, MODERN, 'server/discover'));
    expect(capabilities.extensions[TASKS_EXTENSION]).toEqual({});
    expect(capabilities.tasks).toBeUndefined();
    const { tools } = resultOf(await rpc(path, MODERN, 'tools/list'));
    for (const listed of tools) expect(listed.execution).toBeUndefined();
  });

  it('refuses the task methods to a request without the extension (-32021, HTTP 400)', async () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const response = await rpc(path, MODERN, method, { taskId: 'gate-test', inputResponses: {} }, { tasks: false });
      expect(response.status).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe(-32021);
      expect(error.data.requiredCapabilities.extensions[TASKS_EXTENSION]).toEqual({});
    }
  });

  it('answers -32602 for an unknown task and -32601 for the removed tasks/result and tasks/list', async () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const taskId = 'job_aaaaaaaaaaaaaaaaaaaaaaaaaa';
      expect(errorOf(await rpc(path, MODERN, method, { taskId, inputResponses: {} })).code).toBe(-32602);
    }
    for (const method of ['tasks/result', 'tasks/list'])
      expect(errorOf(await rpc(path, MODERN, method, { taskId: 'x' })).code).toBe(-32601);
  });

  it('answers a call that ends within the budget at once, with resultType "complete"', async () => {
    const result = resultOf(await rpc(path, MODERN, 'tools/call', { name: tool, arguments: args }));
    expect(result.resultType).toBe('complete');
    expect(result.taskId).toBeUndefined();
    expect(result.content.length).toBeGreaterThan(0);
    // The 2025-11-25 `task` field means nothing here (SEP-2663): still a plain result.
    const legacyHint = resultOf(await rpc(path, MODERN, 'tools/call', { name: tool, arguments: args, task: {} }));
    expect(legacyHint.resultType).toBe('complete');
    expect(legacyHint.taskId).toBeUndefined();
  });

  it('refuses tasks/get whose Mcp-Name is not its taskId (-32020)', async () => {
    const response = await rpc(
      path,
      MODERN,
      'tasks/get',
      { taskId: 'job_aaaaaaaaaaaaaaaaaaaaaaaaaa' },
      { headers: { 'mcp-name': 'job_bbbbbbbbbbbbbbbbbbbbbbbbbb' } },
    );
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe(-32020);
  });
});

describe('2026-07-28 tasks extension on the product server', () => {
  const path = '/.well-known/mcp';
  const slowCall = (id: string, tasks = true) =>
    rpc(path, MODERN, 'tools/call', { name: 'get_paper', arguments: { id } }, { tasks });

  it('makes a task of a call that outlives the budget; tasks/get inlines its result', async () => {
    const synchronous = resultOf(await slowCall('W9000000004'));
    slowUpstream();
    const created = resultOf(await slowCall('W9000000005'));
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    expect(created.taskId).toMatch(/^job_/);
    expect(Number.isInteger(created.ttlMs) && created.ttlMs > 0).toBe(true);
    expect(Number.isInteger(created.pollIntervalMs) && created.pollIntervalMs > 0).toBe(true);
    for (const absent of ['task', 'ttl', 'pollInterval', 'result', 'error', 'content', 'requestState'])
      expect(created).not.toHaveProperty(absent);
    // Durable before the answer: an immediate tasks/get finds it.
    const now = resultOf(await rpc(path, MODERN, 'tasks/get', { taskId: created.taskId }));
    expect(now).toMatchObject({ taskId: created.taskId, resultType: 'complete' });
    expect(now).not.toHaveProperty('result');

    const ended = await pollModern(path, created.taskId);
    expect(ended.status).toBe('completed');
    expect(ended.result.resultType).toBe('complete');
    expect(ended.result.structuredContent.id).toBe('https://openalex.org/W9000000005');
    expect(Object.keys(ended.result.structuredContent).sort()).toEqual(
      Object.keys(synchronous.structuredContent).sort(),
    );
    expect(ended.result._meta?.['io.modelcontextprotocol/related-task']).toBeUndefined();
  });

  it('waits for the result instead for a request that does not take tasks', async () => {
    slowUpstream(BUDGET_MS + 400);
    const result = resultOf(await slowCall('W9000000006', false));
    expect(result.resultType).toBe('complete');
    expect(result.structuredContent.id).toBe('https://openalex.org/W9000000006');
  });

  it('acknowledges tasks/cancel and tasks/update with an empty result; the task ends cancelled', async () => {
    slowUpstream();
    const created = resultOf(await slowCall('W9000000007'));
    const update = resultOf(await rpc(path, MODERN, 'tasks/update', { taskId: created.taskId, inputResponses: {} }));
    expect(update.resultType).toBe('complete');
    expect(errorOf(await rpc(path, MODERN, 'tasks/update', { taskId: created.taskId })).code).toBe(-32602);
    for (let round = 0; round < 2; round += 1) {
      const ack = resultOf(await rpc(path, MODERN, 'tasks/cancel', { taskId: created.taskId }));
      expect(ack.resultType).toBe('complete');
      for (const absent of ['taskId', 'status', 'result', 'error']) expect(ack).not.toHaveProperty(absent);
    }
    const ended = await pollModern(path, created.taskId);
    expect(ended.status).toBe('cancelled');
    expect(ended).not.toHaveProperty('result');
  });
});

describe('SDK clients run a tool as a task end to end', () => {
  const url = () => new URL(`${running.server.url}/.well-known/mcp`);

  it('the SDK v2 client with ext-tasks, 2026-07-28', async () => {
    const client = new Client(
      { name: 'research-hub-tests', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    await client.connect(new StreamableHTTPClientTransport(url()));
    const clientInfo = { name: 'research-hub-tests', version: '2.0.0' };
    const session = createTaskSessionFromClient(client, {
      endpointId: 'research-hub-tests',
      rawDispatch: async (request) => {
        const { method, params } = request as { method: string; params?: Params };
        const response = await http(url().href, {
          method: 'POST',
          headers: mcpHeaders(MODERN, method, params),
          // The session hands over method and params; the JSON-RPC envelope is the dispatcher's.
          body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, ...(request as Params) }),
        });
        const answer = response.json();
        return answer.error ? { kind: 'error', error: answer.error } : { kind: 'result', result: answer.result };
      },
      v2RequestFraming: {
        protocolVersion: MODERN,
        clientInfo,
        clientCapabilities: TAKES_TASKS,
      },
    });
    try {
      slowUpstream();
      const execution = await session.callTool('get_paper', { id: 'W9000000008' });
      const { outcome, lastTask } = await execution.settle();
      expect(lastTask?.taskId).toMatch(/^job_/);
      const result = resultFromTaskOutcome(outcome) as unknown as { structuredContent: { id: string } };
      expect(result.structuredContent.id).toBe('https://openalex.org/W9000000008');
    } finally {
      await session.close();
      await client.close();
    }
  });

  it('the SDK v2 client with ext-tasks, 2025-11-25', async () => {
    const client = new Client({ name: 'research-hub-tests', version: '2.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url()));
    expect(client.getNegotiatedProtocolVersion()).toBe(LEGACY);
    const session = createTaskSessionFromClient(client, { endpointId: 'research-hub-tests-legacy' });
    try {
      slowUpstream(600);
      const execution = await session.callTool('get_paper', { id: 'W9000000009' }, { task: { preference: 'prefer' } });
      const { outcome, lastTask } = await execution.settle();
      expect(lastTask?.taskId).toMatch(/^job_/);
      const result = resultFromTaskOutcome(outcome) as unknown as { structuredContent: { id: string } };
      expect(result.structuredContent.id).toBe('https://openalex.org/W9000000009');
    } finally {
      await session.close();
      await client.close();
    }
  });

  it('the SDK v1 client (experimental tasks API), 2025-11-25', async () => {
    const client = new V1Client({ name: 'research-hub-tests', version: '1.0.0' });
    await client.connect(new V1Transport(url()));
    try {
      slowUpstream(600);
      const seen: string[] = [];
      let result: { structuredContent?: { id?: string } } | undefined;
      const stream = client.experimental.tasks.callToolStream(
        { name: 'get_paper', arguments: { id: 'W9000000010' } },
        undefined,
        { task: { ttl: 60_000 } },
      );
      for await (const message of stream) {
        seen.push(message.type);
        if (message.type === 'result') result = message.result as typeof result;
        if (message.type === 'error') throw message.error;
      }
      expect(seen[0]).toBe('taskCreated');
      expect(result?.structuredContent?.id).toBe('https://openalex.org/W9000000010');
    } finally {
      await client.close();
    }
  });
});

beforeAll(() => {
  running.standIn.setFault(undefined);
});

// One state model (issue 47, point 5): a task is a job, and REST says of it what MCP says.
describe('a task seen through GET /api/v1/jobs/{id}', () => {
  const path = '/.well-known/mcp';
  const job = async (id: string) => (await http(`${running.server.url}/api/v1/jobs/${id}`)).json();

  it('is failed in both when its tool failed', async () => {
    const { task } = resultOf(
      await rpc(path, LEGACY, 'tools/call', { name: 'get_paper', arguments: { id: 'W1' }, task: {} }),
    );
    expect((await pollLegacy(path, task.taskId)).status).toBe('failed');
    const polled = await job(task.taskId);
    expect(polled.status).toBe('failed');
    expect(polled.result.message).toMatch(/W1|not/i);
  });

  it('is cancelled in both when its client cancelled it', async () => {
    slowUpstream(1_500);
    const { task } = resultOf(
      // An id no other test fetched: a cached paper would answer at once, too soon to cancel.
      await rpc(path, LEGACY, 'tools/call', { name: 'get_paper', arguments: { id: 'W9000000012' }, task: {} }),
    );
    expect(resultOf(await rpc(path, LEGACY, 'tasks/cancel', { taskId: task.taskId })).status).toBe('cancelled');
    expect((await job(task.taskId)).status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(resultOf(await rpc(path, LEGACY, 'tasks/get', { taskId: task.taskId })).status).toBe('cancelled');
    expect((await job(task.taskId)).status).toBe('cancelled');
  });
});
