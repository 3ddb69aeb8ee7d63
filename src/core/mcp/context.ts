// What an MCP tool, prompt, resource or completion runs with: an operation's context, plus who the
// caller is. It knows nothing of HTTP: the MCP endpoint (mcp/server.ts) builds
// it from the request, as another door could from its own.
import type { ApiDocumentation } from '../operations/api-documentation.ts';
import type { OperationContext } from '../operations/operation.ts';

export interface McpContext extends OperationContext {
  /** Who the call counts as (phases/identify.ts): `token:<clientId>`, else `ip:<address>`; tasks are theirs. */
  client: string;
  /** The API reference (the documentation tools and resources read it). */
  documentation: ApiDocumentation;
}
