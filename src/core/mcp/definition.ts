// What an MCP server of ours is: its name, instructions, tools, resources and prompts. Both servers
// (product and docs) are values of this shape; the transport, envelope and methods take one.
import type { RouteContext } from '../http/route.ts';
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

/** The request a method runs for. */
export type McpContext = RouteContext<unknown, unknown>;
/** A JSON-RPC request's params. */
export type McpParams = Record<string, unknown>;

/** Content changes only with a new build: lists and reads may be cached as long as REST answers are. */
export const TTL_MS = 300_000;

/** Capabilities are the same in both eras: nothing changes while the server runs, so nothing to subscribe to. */
export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
};
