// How a client of each MCP revision frames a JSON-RPC request over HTTP: 2026-07-28 carries the
// protocol version and client capabilities in `_meta` and mirrors the method and name (a tool's,
// or a task's id) in headers (SEP-2243, SEP-2663); the revisions before it send the version header.
export const MODERN = '2026-07-28';
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Client capabilities that take tasks (2026-07-28). */
export const TAKES_TASKS = { extensions: { [TASKS_EXTENSION]: {} } };

type Params = Record<string, unknown>;

/** The headers a request of `version` carries; under 2026-07-28, Mcp-Method and Mcp-Name too. */
export function mcpHeaders(version: string, method: string, params: Params = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': version,
  };
  if (version !== MODERN) return headers;
  headers['mcp-method'] = method;
  const name = params['name'] ?? params['taskId'];
  if (typeof name === 'string') headers['mcp-name'] = name;
  return headers;
}

/** A request's params and headers as a client of `version` with `capabilities` sends them. */
export function mcpFramed(
  version: string,
  method: string,
  params: Params = {},
  capabilities: Params = TAKES_TASKS,
): { params: Params; headers: Record<string, string> } {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  return {
    params: version === MODERN ? { ...params, _meta: meta } : params,
    headers: mcpHeaders(version, method, params),
  };
}
