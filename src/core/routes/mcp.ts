// The two MCP servers, each at two paths, as routes of the one route table.
import { z } from 'zod';
import {
  capacityResponse,
  errorResponse,
  FormatParam,
  QUOTA_RESPONSE,
  RATE_LIMITED_RESPONSE,
} from '../http/common-schemas.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { AsyncJobSchema } from '../jobs/job.ts';
import { DOCS_TOOLS } from '../mcp/docs-tools.ts';
import { PRODUCT_TOOLS } from '../mcp/product-tools.ts';
import { DOCS_PROMPTS, PRODUCT_PROMPTS } from '../mcp/prompts.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../mcp/protocol.ts';
import { DOCS_RESOURCES, PRODUCT_RESOURCES } from '../mcp/resources.ts';
import type { McpServerDefinition } from '../mcp/definition.ts';
import { instructionsFor } from '../mcp/instructions.ts';
import { handleMcpGet, handleMcpPost, refusalText } from '../mcp/server.ts';
import { API_VERSION } from '../versioning.ts';

const PRODUCT_SERVED = { tools: PRODUCT_TOOLS, resources: PRODUCT_RESOURCES, prompts: PRODUCT_PROMPTS };

export const PRODUCT_SERVER: McpServerDefinition = {
  key: 'product',
  name: 'research-hub',
  title: 'Research Hub',
  version: API_VERSION,
  paths: ['/.well-known/mcp', '/api/mcp'],
  ...PRODUCT_SERVED,
  instructions: instructionsFor(
    'Research Hub answers questions about AI and Web3 from its own essays and glossary, and finds academic papers.',
    'For "what is X" questions search the glossary, then read the full term. For explanations, search the essays ' +
      'and read the best hit (Markdown; cite its URL). For literature, search papers with corpus "ai" or "web3": ' +
      'results are sorted by citation count, so add specific words to the query rather than raising the limit. ' +
      'Every result carries a URL to cite. Tools only read.',
    PRODUCT_SERVED,
  ),
};

const DOCS_SERVED = { tools: DOCS_TOOLS, resources: DOCS_RESOURCES, prompts: DOCS_PROMPTS };

export const DOCS_SERVER: McpServerDefinition = {
  key: 'docs',
  name: 'research-hub-docs',
  title: 'Research Hub documentation',
  version: API_VERSION,
  paths: ['/.well-known/mcp/docs', '/api/mcp/docs'],
  ...DOCS_SERVED,
  instructions: instructionsFor(
    'Documentation of the Research Hub API for agents writing code against it.',
    'Start by searching the documentation for a topic, or read a section (overview, errors, papers, content, ask, ' +
      'batch, jobs, service); the OpenAPI 3.1 document and the auth guide (optional bearer tokens) are tools and ' +
      'resources too.',
    DOCS_SERVED,
  ),
};

const JsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).describe('Echoed exactly as sent'),
    method: z.enum([
      'server/discover',
      'initialize',
      'ping',
      'tools/list',
      'tools/call',
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'prompts/list',
      'prompts/get',
      'completion/complete',
      'notifications/initialized',
    ]),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'JsonRpcRequest' });

// JSON-RPC 2.0: a message without an id is a notification, never answered, so one with a method the server
// does not know is accepted (202) and ignored like any other.
const JsonRpcNotificationSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    method: z.string().min(1).describe('Any method; the server acts on none but notifications/initialized'),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'JsonRpcNotification', not: { required: ['id'] } });

const JsonRpcMessageSchema = z
  .union([JsonRpcRequestSchema, JsonRpcNotificationSchema])
  .meta({ id: 'JsonRpcMessage', examples: [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }] });

const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .describe(
        "The request's id as sent; when it could not be read, absent from 2025-11-25 on and null in earlier revisions",
      ),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .meta({ id: 'JsonRpcResponse' });

const McpDescriptorSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    version: z.string(),
    description: z.string(),
    transport: z.literal('streamable-http'),
    stateless: z.boolean(),
    protocolVersions: z.array(z.string()),
    endpoints: z.array(z.string()),
    capabilities: z.record(z.string(), z.unknown()),
    tools: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        description: z.string(),
        inputSchema: z.record(z.string(), z.unknown()),
        outputSchema: z.record(z.string(), z.unknown()),
        annotations: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .meta({ id: 'McpDescriptor' });

const camel = (text: string) =>
  text.replace(/(^|[^a-z0-9])([a-z0-9])/gi, (_, _sep: string, char: string) => char.toUpperCase());

function mcpRoutes(server: McpServerDefinition): AnyRoute[] {
  return server.paths.flatMap((path) => {
    const suffix = camel(path);
    return [
      defineRoute({
        method: 'POST',
        path,
        operationId: `mcp${camel(server.key)}${suffix}`,
        summary: `${server.title} MCP server (JSON-RPC 2.0, Streamable HTTP, stateless)`,
        description:
          `Protocol versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')} (MCP-Protocol-Version header; absent means 2025-03-26). ` +
          '2026-07-28 is stateless: every request carries _meta (protocol version, client capabilities) and the ' +
          'Mcp-Method / Mcp-Name headers, and server/discover describes the server; earlier versions open with initialize. ' +
          'Methods: tools/list, tools/call, resources/list, resources/templates/list, resources/read, prompts/list, ' +
          'prompts/get, completion/complete, plus server/discover (2026-07-28) or initialize and ping (earlier). Every ' +
          'refusal is a JSON-RPC error carrying the request id: method errors answer HTTP 200 (404 for an unknown method ' +
          'under 2026-07-28); transport errors answer the statuses below. `Prefer: respond-async` on tools/call answers ' +
          '202 with a job.',
        tags: ['MCP'],
        rawBody: true,
        bodyDoc: JsonRpcMessageSchema,
        responses: {
          200: {
            description: 'JSON-RPC result or error (or one server-sent event for SSE-only clients)',
            schema: JsonRpcResponseSchema,
            eventStream: true,
          },
          202: {
            description: 'Notification accepted (no body), or a tools/call queued as a job (Prefer: respond-async)',
            schema: AsyncJobSchema,
            headers: ['Location', 'Retry-After', 'Preference-Applied'],
          },
          400: {
            description:
              'JSON-RPC error: unsupported MCP-Protocol-Version (-32022, data.supported), header and body disagree ' +
              '(-32020), or invalid _meta (-32602)',
            schema: JsonRpcResponseSchema,
          },
          403: {
            description: 'JSON-RPC error: Origin not allowed (data.code forbidden_origin)',
            schema: JsonRpcResponseSchema,
          },
          404: { description: 'JSON-RPC error -32601: no such method (2026-07-28)', schema: JsonRpcResponseSchema },
          406: {
            description:
              'JSON-RPC error: Accept lacks application/json and text/event-stream (data.code not_acceptable)',
            schema: JsonRpcResponseSchema,
          },
          415: {
            description: 'JSON-RPC error: Content-Type is not application/json (data.code unsupported_media_type)',
            schema: JsonRpcResponseSchema,
          },
          429: QUOTA_RESPONSE,
          503: capacityResponse('asynchronous jobs'),
        },
        batchable: false,
        idempotent: true,
        handler: (context) => handleMcpPost(server, context),
        errorText: refusalText,
      }),
      defineRoute({
        method: 'GET',
        path,
        operationId: `mcp${camel(server.key)}${suffix}Descriptor`,
        summary: `Describe the ${server.title} MCP server and its tools`,
        description:
          'A JSON descriptor for people and crawlers: name, protocol versions, endpoints, capabilities and tool ' +
          'definitions. MCP clients talk to the server with POST; there is no server-initiated stream.',
        tags: ['MCP'],
        query: z.object({ format: FormatParam }),
        responses: {
          200: { description: 'Server info, protocol versions and tool definitions', schema: McpDescriptorSchema },
          405: errorResponse(
            'Only text/event-stream was acceptable: no server-initiated stream is offered (method_not_allowed)',
            ['Allow'],
          ),
          429: RATE_LIMITED_RESPONSE,
        },
        batchable: false,
        cacheControl: 'public, max-age=300',
        handler: (context) => handleMcpGet(server, context),
      }),
    ];
  });
}

export const mcpRoutesList: readonly AnyRoute[] = [...mcpRoutes(PRODUCT_SERVER), ...mcpRoutes(DOCS_SERVER)];
