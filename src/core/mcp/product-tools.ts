// The product MCP server's tools: one for each operation that declares one for it (operations/index.ts),
// derived by toolFrom with the operation's schemas, its run and, where it has one, its text.
import { operations } from '../operations/index.ts';
import { toolFrom, type AnyTool } from './tool.ts';

export const PRODUCT_TOOLS: readonly AnyTool[] = operations.flatMap((operation) =>
  operation.tool && operation.tool.server !== 'docs' ? [toolFrom(operation, operation.tool)] : [],
);
