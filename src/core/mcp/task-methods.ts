// The task methods of each revision. 2025-11-25: tasks/get, tasks/result (waits for the end within
// the request budget), tasks/list (cursor) and tasks/cancel, which refuses an ended task.
// 2026-07-28 (SEP-2663): tasks/get inlines the result or error, tasks/update and tasks/cancel answer
// an empty acknowledgement, and all three need the tasks extension in the request's capabilities.
import type { JobRecord } from '../jobs/job.ts';
import type { McpParams } from './definition.ts';
import { invalidParams, type McpExchange, type Reply } from './envelope.ts';
import { JSONRPC_ERRORS, META, rpcFailure, TASKS_EXTENSION } from './protocol.ts';
import {
  declaresTasks,
  findTask,
  taskError,
  taskFields,
  taskKind,
  taskResultText,
  taskStatus,
  taskWhenEnded,
  unknownTask,
} from './tasks.ts';

type Method = (exchange: McpExchange, params: McpParams) => Reply | Promise<Reply>;

const TASKS_PER_PAGE = 50;

/** A task method of 2026-07-28, refused (-32021) to a request that does not declare the extension. */
function needsExtension(method: Method): Method {
  return (exchange, params) =>
    declaresTasks(params)
      ? method(exchange, params)
      : {
          failure: rpcFailure(
            JSONRPC_ERRORS.missingClientCapability,
            `Missing required client capability: declare the ${TASKS_EXTENSION} extension to use tasks.`,
            { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
            400,
          ),
        };
}

/** One task method: the asking client's task of `params.taskId`, or -32602. */
function onTask(answer: (exchange: McpExchange, job: JobRecord, params: McpParams) => Reply | Promise<Reply>): Method {
  return async (exchange, params) => {
    const job = await findTask(exchange, params['taskId']);
    return job ? answer(exchange, job, params) : unknownTask(params['taskId']);
  };
}

const parsed = (json: string) => JSON.parse(json) as McpParams;

/** 2025-11-25: what the tool call itself would have answered, tied to its task. */
async function legacyResult(exchange: McpExchange, job: JobRecord): Promise<Reply> {
  const ended = await taskWhenEnded(exchange, job, exchange.context.deps.config.syncBudgetMs);
  // Read once it has ended, a result is kept a minute more at most: the store's room is for new work.
  if (ended.outcome !== undefined) await exchange.context.deps.stores.jobs.fetched?.(ended.id);
  const text = taskResultText(ended);
  if (text !== undefined) {
    const result = parsed(text);
    const meta = { ...(result['_meta'] as McpParams | undefined), [META.relatedTask]: { taskId: ended.id } };
    return { result: { ...result, _meta: meta } };
  }
  if (ended.outcome === undefined) {
    const budgetMs = exchange.context.deps.config.syncBudgetMs;
    const waited = budgetMs >= 1000 ? `${Math.round(budgetMs / 1000)} s` : `${budgetMs} ms`;
    return {
      failure: rpcFailure(
        JSONRPC_ERRORS.internalError,
        `The task is still working after ${waited}; call tasks/result again, or poll tasks/get.`,
        { taskId: ended.id, status: 'working' },
      ),
    };
  }
  if (ended.cancelled) return { failure: rpcFailure(JSONRPC_ERRORS.internalError, 'The task was cancelled.') };
  return { failure: taskError(ended) };
}

/** Opaque tasks/list cursors: base64url of the last task id of the page before. */
async function listTasks(exchange: McpExchange, params: McpParams): Promise<Reply> {
  const cursor = params['cursor'];
  const all = await exchange.context.deps.stores.jobs.listFor(exchange.context.client, taskKind(exchange));
  let start = 0;
  if (cursor !== undefined) {
    const after = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
    start = all.findIndex((job) => job.id === after) + 1;
    if (start === 0) return invalidParams('"cursor" is not a cursor this server issued, or its task has expired.');
  }
  const page = all.slice(start, start + TASKS_PER_PAGE);
  const last = page.at(-1);
  return {
    result: {
      tasks: page.map((job) => taskFields(job, 'legacy')),
      ...(last && start + TASKS_PER_PAGE < all.length
        ? { nextCursor: Buffer.from(last.id).toString('base64url') }
        : {}),
    },
  };
}

async function legacyCancel(exchange: McpExchange, job: JobRecord): Promise<Reply> {
  let current = job;
  if (current.outcome === undefined) {
    current = (await exchange.context.deps.stores.jobs.cancel(job.id)) ?? current;
    if (current.cancelled) return { result: taskFields(current, 'legacy') };
  }
  return invalidParams(`Cannot cancel task: already in terminal status '${taskStatus(current, 'legacy')}'.`);
}

/** 2026-07-28: the task with its result or error inlined once it has ended (which counts as fetched). */
async function detailedTask(exchange: McpExchange, job: JobRecord): Promise<Reply> {
  if (job.outcome !== undefined) await exchange.context.deps.stores.jobs.fetched?.(job.id);
  const fields = taskFields(job, 'modern');
  const text = taskResultText(job);
  if (text !== undefined) return { result: { ...fields, result: parsed(text) } };
  if (fields['status'] !== 'failed') return { result: fields };
  const { code, message } = taskError(job);
  return { result: { ...fields, error: { code, message } } };
}

function update(_exchange: McpExchange, _job: JobRecord, params: McpParams): Reply {
  const responses = params['inputResponses'];
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses))
    return invalidParams('"inputResponses" must map input request keys to responses.');
  // Our tools never ask for input, so no key is outstanding: every response is ignored, as SEP-2663 says.
  return { result: {} };
}

async function modernCancel(exchange: McpExchange, job: JobRecord): Promise<Reply> {
  if (job.outcome === undefined) await exchange.context.deps.stores.jobs.cancel(job.id);
  return { result: {} };
}

export const LEGACY_TASK_METHODS: Record<string, Method> = {
  'tasks/get': onTask((_exchange, job) => ({ result: taskFields(job, 'legacy') })),
  'tasks/result': onTask(legacyResult),
  'tasks/list': listTasks,
  'tasks/cancel': onTask(legacyCancel),
};

/** tasks/result and tasks/list are gone in 2026-07-28: not listed here, they answer -32601. */
export const MODERN_TASK_METHODS: Record<string, Method> = {
  'tasks/get': needsExtension(onTask(detailedTask)),
  'tasks/update': needsExtension(onTask(update)),
  'tasks/cancel': needsExtension(onTask(modernCancel)),
};
