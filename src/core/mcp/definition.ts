// What an MCP server of ours is: its name, instructions, tools, resources and prompts. Both servers
// (product and docs) are values of this shape; the transport, envelope and methods take one.
import { TASKS_EXTENSION } from './protocol.ts';
import type { McpPrompt } from './prompts.ts';
import type { ResourceKind } from './resources.ts';
import type { AnyTool } from './tool.ts';

export interface McpServerDefinition {
  /** Routes and operation ids derive from it: "product" or "docs". */
  key: string;
  name: string;
  title: string;
  version: string;
  instructions: string;
  tools: readonly AnyTool[];
  resources: readonly ResourceKind[];
  prompts: readonly McpPrompt[];
  paths: readonly string[];
}

/** A JSON-RPC request's params. */
export type McpParams = Record<string, unknown>;

/** Content changes only with a new build: lists and reads may be cached as long as REST answers are. */
export const TTL_MS = 300_000;

/** What both eras declare: nothing changes while the server runs, so nothing to subscribe to. */
export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
};

/** Each era's capabilities: tasks as 2025-11-25 declares them, or as the 2026-07-28 extension (SEP-2663). */
export const ERA_CAPABILITIES = {
  legacy: { ...CAPABILITIES, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
  modern: { ...CAPABILITIES, extensions: { [TASKS_EXTENSION]: {} } },
} as const;
