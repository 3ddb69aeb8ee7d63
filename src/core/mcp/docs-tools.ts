// The documentation MCP server's tools: one for each operation that declares a tool of the docs
// server (operations/documentation.ts), derived by toolFrom.
import { operations } from '../operations/index.ts';
import { toolFrom, type AnyTool } from './tool.ts';

export const DOCS_TOOLS: readonly AnyTool[] = operations.flatMap((operation) =>
  operation.tool?.server === 'docs' ? [toolFrom(operation, operation.tool)] : [],
);
