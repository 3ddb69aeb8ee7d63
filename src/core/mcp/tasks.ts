// MCP Tasks are our asynchronous jobs seen through MCP (DESIGN.md): one store (shared through Redis),
// one fair-share quota, one deadline. A task is a job of kind `mcp-task:<server>` whose outcome is
// the tools/call result as JSON text, and only the client that made it (its token, else its address)
// can see it. This file maps jobs to the task shapes of both revisions; the methods are in
// task-methods.ts, the decision to make a task in tool-calls.ts.
import { JsonText } from '../json-text.ts';
import { DEFAULT_POLL_INTERVAL_SECONDS, JOB_ID_PATTERN, jobState, type JobRecord } from '../jobs/job.ts';
import { settleInto } from '../http/respond-async.ts';
import { DEFAULT_JOB_LIMITS } from '../stores/job-store.ts';
import type { McpParams } from './definition.ts';
import { encodeResult, type McpExchange, type Reply } from './envelope.ts';
import { JSONRPC_ERRORS, META, rpcFailure, TASKS_EXTENSION, type RpcFailure } from './protocol.ts';

/** A finished task stays readable this long (the job store's retention), counted from its creation at least. */
export const TASK_TTL_MS = DEFAULT_JOB_LIMITS.retentionMs;
export const TASK_POLL_INTERVAL_MS = DEFAULT_POLL_INTERVAL_SECONDS * 1000;

export type TaskStatus = 'working' | 'completed' | 'failed' | 'cancelled';

/** Whether a 2026-07-28 request declares the tasks extension in its `_meta` client capabilities. */
export function declaresTasks(params: McpParams): boolean {
  const meta = params['_meta'] as Record<string, unknown> | undefined;
  const capabilities = meta?.[META.clientCapabilities] as { extensions?: Record<string, unknown> } | undefined;
  const declared = capabilities?.extensions?.[TASKS_EXTENSION];
  return typeof declared === 'object' && declared !== null && !Array.isArray(declared);
}

export function taskKind(exchange: McpExchange): string {
  return `mcp-task:${exchange.server.key}`;
}

/** The JSON-RPC error a failed task carries: what the failed job recorded, as an internal error. */
export function taskError(job: JobRecord): RpcFailure {
  const recorded = job.outcome && (JSON.parse(job.outcome.json) as { error?: { message?: unknown } }).error;
  const message = typeof recorded?.message === 'string' ? recorded.message : 'The task failed.';
  return rpcFailure(JSONRPC_ERRORS.internalError, message);
}

/** The tool's result a completed task recorded (JSON text), or undefined. */
export function taskResultText(job: JobRecord): string | undefined {
  return job.status === 'completed' ? job.outcome?.json : undefined;
}

/**
 * A job's state as a task's (jobs/job.ts: the one model REST reports too). Under 2026-07-28 a tool
 * that answered isError completed, as SEP-2663 has it: the result carries the error.
 */
export function taskStatus(job: JobRecord, era: McpExchange['era']): TaskStatus {
  const state = jobState(job);
  if (state === 'queued' || state === 'running') return 'working';
  if (state === 'failed' && era === 'modern' && job.status === 'completed') return 'completed';
  return state;
}

const STATUS_MESSAGES: Record<TaskStatus, string> = {
  working: 'The tool is running.',
  completed: 'The tool finished.',
  failed: 'The tool failed; its error says why.',
  cancelled: 'Cancelled by the client.',
};

/** The fields both revisions' tasks share, and the two that each names its own way. */
export function taskFields(job: JobRecord, era: McpExchange['era']): McpParams {
  const status = taskStatus(job, era);
  return {
    taskId: job.id,
    status,
    statusMessage: STATUS_MESSAGES[status],
    createdAt: new Date(job.createdAt).toISOString(),
    lastUpdatedAt: new Date(job.completedAt ?? job.createdAt).toISOString(),
    ...(era === 'modern'
      ? { ttlMs: job.ttlMs ?? TASK_TTL_MS, pollIntervalMs: TASK_POLL_INTERVAL_MS }
      : { ttl: job.ttlMs ?? TASK_TTL_MS, pollInterval: TASK_POLL_INTERVAL_MS }),
  };
}

/**
 * A new task for `running` (the tool call, already started or not): the job exists, so tasks/get
 * finds it on any instance, before the answer naming it goes out (SEP-2663, durable creation). A
 * requested `ttlMs` is granted between 60 s and the hour jobs are kept. Throws CapacityError when the
 * client's share of jobs is full.
 */
export async function startTask(
  exchange: McpExchange,
  running: () => Promise<Reply>,
  ttlMs?: number,
): Promise<JobRecord> {
  const { context } = exchange;
  const { jobs } = context.deps.stores;
  const owner = `ip:${context.clientAddress}`;
  const job = await jobs.create(taskKind(exchange), owner, context.client, ttlMs === undefined ? {} : { ttlMs });
  const outcome = running().then((reply) => ({ body: replyBody(exchange, reply) }));
  context.deps.background.track(settleInto(jobs, job, outcome, context.deps.logError));
  return job;
}

/** What a task records of a tools/call answer: the result as its era writes it; a protocol error fails the job. */
function replyBody(exchange: McpExchange, reply: Reply): JsonText {
  if ('encoded' in reply) return reply.encoded;
  if ('result' in reply) return new JsonText(encodeResult(exchange, reply.result, false));
  throw new Error(reply.failure.message);
}

/** The task of this id that the asking client made on this server, or undefined (never another client's). */
export async function findTask(exchange: McpExchange, taskId: unknown): Promise<JobRecord | undefined> {
  if (typeof taskId !== 'string' || !JOB_ID_PATTERN.test(taskId)) return undefined;
  const job = await exchange.context.deps.stores.jobs.get(taskId);
  const mine = job?.kind === taskKind(exchange) && job.client === exchange.context.client;
  return mine ? job : undefined;
}

export function unknownTask(taskId: unknown): Reply {
  const shown = typeof taskId === 'string' ? JSON.stringify(taskId.slice(0, 60)) : 'taskId';
  return {
    failure: rpcFailure(
      JSONRPC_ERRORS.invalidParams,
      `Failed to retrieve task: no task ${shown} of yours here (tasks are kept an hour, for the client that made them).`,
    ),
  };
}

/**
 * The task once it ends, or as it stands when `budgetMs` runs out first: polled in the store, as
 * another instance may be running it.
 */
export async function taskWhenEnded(exchange: McpExchange, job: JobRecord, budgetMs: number): Promise<JobRecord> {
  const until = Date.now() + budgetMs;
  let current = job;
  for (let pause = 25; current.outcome === undefined && Date.now() < until; pause = Math.min(pause * 2, 250)) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, until - Date.now()))));
    current = (await exchange.context.deps.stores.jobs.get(job.id)) ?? current;
  }
  return current;
}
