// The two MCP servers, each at two paths, as routes of the one route table.
import { z } from 'zod';
import { FormatParam, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
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

const JsonRpcIdSchema = z
  .union([z.string(), z.number(), z.null()])
  .describe("The request's id exactly as sent; null when it could not be read (JSON-RPC 2.0)");

const JsonRpcErrorObjectSchema = z.object({
  code: z
    .int()
    .describe(
      'JSON-RPC error code: -32700 not JSON, -32600 invalid request (and transport refusals), -32601 no such method, ' +
        '-32602 invalid params, -32000 retry later (429, 503), -32603 internal error, -32020/-32021/-32022 (2026-07-28) ' +
        'header mismatch, missing client capability, unsupported protocol version',
    ),
  message: z.string(),
  data: z.unknown().optional().describe('For a transport refusal, the API error: {code, message, status, resolution}'),
});

const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcIdSchema,
    result: z.record(z.string(), z.unknown()).optional(),
    error: JsonRpcErrorObjectSchema.optional(),
  })
  .meta({ id: 'JsonRpcResponse' });

/** Every refusal of the MCP routes, transport ones included: a JSON-RPC error with an id member. */
const JsonRpcErrorResponseSchema = z
  .object({ jsonrpc: z.literal('2.0'), id: JsonRpcIdSchema, error: JsonRpcErrorObjectSchema })
  .meta({ id: 'JsonRpcErrorResponse' });

const rpcError = (description: string, headers?: readonly string[]) => ({
  description: `JSON-RPC error: ${description}`,
  schema: JsonRpcErrorResponseSchema,
  ...(headers ? { headers } : {}),
});

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

/** The request headers of the MCP transport (routes/mcp.ts names them in headerParameters). */
const MCP_HEADER_PARAMETERS: Record<string, Record<string, unknown>> = {
  McpProtocolVersion: {
    name: 'MCP-Protocol-Version',
    in: 'header',
    required: false,
    description:
      'The MCP revision the request speaks; absent means 2025-03-26. Any other value gets 400 with JSON-RPC ' +
      'error -32022 and data.supported. 2026-07-28 requests also carry _meta (protocol version, client ' +
      'capabilities) and the Mcp-Method header.',
    schema: { type: 'string', enum: [...SUPPORTED_PROTOCOL_VERSIONS] },
  },
  McpMethod: {
    name: 'Mcp-Method',
    in: 'header',
    required: false,
    description:
      "2026-07-28: required, and equal to the body's method (400, JSON-RPC error -32020, otherwise). Ignored by " +
      'earlier revisions.',
    schema: { type: 'string', example: 'tools/call' },
  },
  McpName: {
    name: 'Mcp-Name',
    in: 'header',
    required: false,
    description:
      "2026-07-28, on tools/call, prompts/get, resources/read and tasks/get|update|cancel: required, and equal to the body's " +
      'params.name, params.uri or params.taskId (400, JSON-RPC error -32020, otherwise). Text beyond visible ASCII ' +
      'goes as =?base64?<Base64 of UTF-8>?=. Ignored by earlier revisions.',
    schema: { type: 'string', example: 'search_reports' },
  },
  Origin: {
    name: 'Origin',
    in: 'header',
    required: false,
    description:
      'Sent by browsers. A present Origin must be on the allow-list (ALLOWED_ORIGINS), or both it and Host must ' +
      'be loopback; otherwise 403 (JSON-RPC error -32600, data.code forbidden_origin), against DNS rebinding.',
    schema: { type: 'string', format: 'uri' },
  },
};

/** camelCase words of a path, nothing else: operationIds feed tool-name generators, which refuse "/" and ".". */
const camel = (text: string) =>
  text
    .replace(/(^|[^a-z0-9])([a-z0-9])/gi, (_, _sep: string, char: string) => char.toUpperCase())
    .replace(/[^a-z0-9]/gi, '');

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
          'refusal is a JSON-RPC error with an id member: the request id as sent, null when it could not be read. ' +
          'Method errors answer HTTP 200 (404 for an unknown method under 2026-07-28); transport errors answer the ' +
          'statuses below, with the API error {code, message, status, resolution} in error.data. Codes: -32700 the ' +
          'body is not JSON; -32600 not a valid request, or refused by the transport (401, 403, 406, 408, 409, 413, ' +
          '415, 422); -32601 no such method; -32602 invalid params (unknown tool, bad arguments); -32000 retry later ' +
          '(429, 503, with Retry-After); -32603 an unexpected failure (500) only; 2026-07-28 adds -32020 header ' +
          'mismatch, -32021 missing client capability and -32022 unsupported protocol version. ' +
          '`Prefer: respond-async` on tools/call answers 202 with a job.',
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
          400: rpcError(
            'unsupported MCP-Protocol-Version (-32022, data.supported), header and body disagree (-32020), invalid ' +
              '_meta (-32602), a malformed header such as Idempotency-Key (-32600, data.code invalid_parameter), or ' +
              'a body that is not a readable request (-32700, -32600)',
          ),
          401: rpcError('bearer token unknown, expired or revoked (-32600, data.code unauthorized)', [
            'WWW-Authenticate',
          ]),
          403: rpcError('Origin not allowed (-32600, data.code forbidden_origin)'),
          404: rpcError('no such method (-32601, 2026-07-28)'),
          406: rpcError('Accept lacks application/json and text/event-stream (-32600, data.code not_acceptable)'),
          408: rpcError('the body did not arrive in time (-32600, data.code request_timeout)'),
          409: rpcError('a request with this Idempotency-Key is still running (-32600, idempotency_key_in_use)', [
            'Retry-After',
          ]),
          413: rpcError('body over 1 MiB once decoded (-32600, data.code payload_too_large)'),
          415: rpcError(
            'Content-Type is not application/json, or a Content-Encoding not taken (-32600, data.code unsupported_media_type)',
            ['Accept-Encoding'],
          ),
          422: rpcError('this Idempotency-Key was used with a different request (-32600, idempotency_key_reused)'),
          429: rpcError(
            'too many requests, or the client holds its full share (-32000, rate_limited or quota_exceeded)',
            ['Retry-After'],
          ),
          500: rpcError('an unexpected failure (-32603, internal_error); report the X-Request-Id'),
          503: rpcError('the server holds as many jobs as it can (-32000, service_unavailable)', ['Retry-After']),
        },
        refusalSchema: JsonRpcErrorResponseSchema,
        headerParameters: MCP_HEADER_PARAMETERS,
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
          405: rpcError(
            'only text/event-stream was acceptable: no server-initiated stream is offered (-32600, data.code method_not_allowed)',
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
