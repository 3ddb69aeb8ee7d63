// The API docs page and its Markdown twin, both rendered from the generated OpenAPI description
// (one source: the route table), plus the error code table from the core.
import { ERROR_CODES } from './errors.ts';
import type { OpenApiDocument } from './openapi.ts';

export interface DocParameter {
  name: string;
  where: string;
  required: boolean;
  type: string;
  description: string;
  schema: Record<string, unknown> | undefined;
  /** The parameter this one stands in for when that one is absent (x-alias-of). */
  aliasOf?: string;
}

export interface DocOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  parameters: DocParameter[];
  responses: Array<{ status: string; description: string }>;
  /** A complete curl command: the required parameters and, for a body, a JSON example of it. */
  curl: string;
  /** The first success response, with a JSON example built from its schema. */
  example?: { status: string; json: string };
}

type Schema = Record<string, unknown>;

interface ExampleContext {
  doc: OpenApiDocument;
  input: boolean;
  name: string;
  depth: number;
}

/**
 * An example instance of a JSON Schema: its example (the operations' inputs carry `examples`, so each
 * curl example asks something real), default, const or first enum value, else a placeholder of its type.
 */
function exampleOf(schema: Schema | undefined, doc: OpenApiDocument, input: boolean, name = '', depth = 0): unknown {
  const context = { doc, input, name, depth };
  if (!schema || depth > 8) return null;
  const ref = schema['$ref'];
  if (typeof ref === 'string') return exampleOfReference(ref, context);
  const stated = statedExample(schema);
  if (stated !== undefined) return stated;
  return exampleOfShape(schema, context);
}

/** An example of a schema by its alternatives (the first that is not null) or its type. */
function exampleOfShape(schema: Schema, context: ExampleContext): unknown {
  const { doc, input, name, depth } = context;
  const choices = (schema['anyOf'] ?? schema['oneOf'] ?? schema['allOf']) as Schema[] | undefined;
  if (choices)
    return exampleOf(choices.find((choice) => choice['type'] !== 'null') ?? choices[0], doc, input, name, depth + 1);
  const type = Array.isArray(schema['type']) ? schema['type'].find((t) => t !== 'null') : schema['type'];
  return typeof type === 'string' ? (EXAMPLE_OF_TYPE[type]?.(schema, context) ?? null) : null;
}

function exampleOfReference(ref: string, { doc, input, name, depth }: ExampleContext): unknown {
  const id = ref.replace('#/components/schemas/', '');
  const components = (doc['components'] as { schemas?: Record<string, Schema> } | undefined)?.schemas;
  return exampleOf(components?.[id], doc, input, name, depth + 1);
}

/** The value a schema names itself (examples, default, const, first enum value), if any. */
function statedExample(schema: Schema): unknown {
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0];
  if (schema['default'] !== undefined) return schema['default'];
  if (schema['const'] !== undefined) return schema['const'];
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  return undefined;
}

function exampleNumber(schema: Schema): number {
  const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : -Infinity;
  const maximum = typeof schema['maximum'] === 'number' ? schema['maximum'] : Infinity;
  return Math.min(Math.max(1, minimum), maximum);
}

const EXAMPLE_STRINGS: Record<string, string> = {
  uri: 'https://example.org/',
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
};

/** A placeholder for each JSON Schema type, from the schema's own constraints. */
const EXAMPLE_OF_TYPE: Record<string, (schema: Schema, context: ExampleContext) => unknown> = {
  object: (schema, { doc, input, depth }) => {
    const properties = (schema['properties'] as Record<string, Schema> | undefined) ?? {};
    return Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, exampleOf(value, doc, input, key, depth + 1)]),
    );
  },
  array: (schema, { doc, input, name, depth }) => {
    // A tuple (prefixItems) is one example per position; a list has as many items as it must.
    const positions = schema['prefixItems'] as Schema[] | undefined;
    if (positions) return positions.map((item) => exampleOf(item, doc, input, name, depth + 1));
    if (!schema['items'] || Object.keys(schema['items']).length === 0) return [];
    const count = Math.max(1, typeof schema['minItems'] === 'number' ? schema['minItems'] : 1);
    return Array.from({ length: count }, () => exampleOf(schema['items'] as Schema, doc, input, name, depth + 1));
  },
  integer: exampleNumber,
  number: exampleNumber,
  boolean: () => false,
  string: (schema) => EXAMPLE_STRINGS[String(schema['format'])] ?? 'string',
};

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curlOf(
  method: string,
  path: string,
  op: Record<string, unknown>,
  parameters: DocParameter[],
  doc: OpenApiDocument,
) {
  const base = (doc['servers'] as Array<{ url: string }> | undefined)?.[0]?.url ?? '';
  const pathExample = (name: string) =>
    exampleOf(parameters.find((p) => p.where === 'path' && p.name === name)?.schema, doc, true, name) ?? name;
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(pathExample(name))));
  const query = parameters
    // Required ones, and one that only an alias may stand in for (/ask: q, or its alias query).
    .filter((p) => p.where === 'query' && (p.required || parameters.some((other) => other.aliasOf === p.name)))
    .map((p) => `${p.name}=${encodeURIComponent(String(exampleOf(p.schema, doc, true, p.name)))}`)
    .join('&');
  const url = `${base}${filled}${query ? `?${query}` : ''}`;
  const body = (op['requestBody'] as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.[
    'application/json'
  ]?.schema;
  if (!body) return `curl ${method === 'GET' ? '' : `-X ${method} `}${shellQuote(url)}`;
  return [
    `curl -X ${method} ${shellQuote(url)}`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(exampleOf(body, doc, true)))}`,
  ].join(' \\\n');
}

function typeOf(schema: Record<string, unknown> | undefined): string {
  if (!schema) return 'string';
  if (Array.isArray(schema['enum']))
    return (schema['enum'] as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
  const type = String(schema['type'] ?? 'string');
  const range = [schema['minimum'], schema['maximum']].every((bound) => bound !== undefined)
    ? ` ${schema['minimum']}..${schema['maximum']}`
    : '';
  return `${type}${range}`;
}

export function describeOperations(doc: OpenApiDocument): DocOperation[] {
  const operations: DocOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = ((op['parameters'] as Array<Record<string, unknown>>) ?? [])
        .filter((parameter) => !('$ref' in parameter))
        .map((parameter) => ({
          name: String(parameter['name']),
          where: String(parameter['in']),
          required: parameter['required'] === true,
          type: typeOf(parameter['schema'] as Record<string, unknown> | undefined),
          description: String(parameter['description'] ?? ''),
          schema: parameter['schema'] as Record<string, unknown> | undefined,
          ...(typeof parameter['x-alias-of'] === 'string' ? { aliasOf: parameter['x-alias-of'] } : {}),
        }));
      const documented = Object.entries(
        (op['responses'] as Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>) ??
          {},
      );
      const responses = documented.map(([status, response]) => ({ status, description: response.description }));
      const success = documented.find(([status, response]) => status.startsWith('2') && response.content);
      const successSchema = success?.[1].content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: String(op['summary'] ?? ''),
        description: String(op['description'] ?? ''),
        deprecated: op['deprecated'] === true,
        parameters,
        responses,
        curl: curlOf(method.toUpperCase(), path, op, parameters, doc),
        ...(success && successSchema
          ? { example: { status: success[0], json: JSON.stringify(exampleOf(successSchema, doc, false), null, 2) } }
          : {}),
      });
    }
  }
  // Pinned v1 routes first; deprecated aliases after them.
  return operations.sort((a, b) => Number(a.deprecated) - Number(b.deprecated));
}

/** Text with Markdown code spans cut into plain and code parts, for pages that render HTML. */
export const codeSpans = (text: string) =>
  text.split('`').map((part, index) => ({ text: part, code: index % 2 === 1 }));

export const errorCodeRows = () =>
  Object.entries(ERROR_CODES).map(([code, info]) => ({
    code,
    status: info.status,
    title: info.title,
    resolution: info.resolution,
  }));

export function apiDocsMarkdown(doc: OpenApiDocument, siteUrl: string): string {
  const parts = [
    `# ${doc.info.title} ${doc.info.version}`,
    doc.info.description ?? '',
    `Machine-readable description: ${siteUrl}/openapi.json (OpenAPI 3.1). Directory: ${siteUrl}/api.`,
    '## Endpoints',
  ];
  for (const op of describeOperations(doc)) {
    const lines = [`### ${op.method} ${op.path}${op.deprecated ? ' (deprecated alias)' : ''}`, '', op.summary];
    if (op.description) lines.push('', op.description);
    if (op.parameters.length > 0) {
      lines.push('', '| Parameter | In | Type | Required | Description |', '|---|---|---|---|---|');
      for (const p of op.parameters)
        lines.push(
          `| ${p.name} | ${p.where} | ${p.type.replace(/\|/g, '\\|')} | ${p.required ? 'yes' : 'no'} | ${p.description} |`,
        );
    }
    lines.push('', 'Responses:', '', ...op.responses.map((r) => `- ${r.status}: ${r.description}`));
    lines.push('', 'Example request:', '', '```sh', op.curl, '```');
    if (op.example) lines.push('', `Example response (${op.example.status}):`, '', '```json', op.example.json, '```');
    parts.push(lines.join('\n'));
  }
  parts.push(
    '## Errors',
    'Every error is `{"error":{"code","message","status","resolution"}}`.',
    [
      '| Code | Status | Meaning | Resolution |',
      '|---|---|---|---|',
      ...errorCodeRows().map((row) => `| ${row.code} | ${row.status} | ${row.title} | ${row.resolution} |`),
    ].join('\n'),
  );
  return `${parts.join('\n\n')}\n`;
}
