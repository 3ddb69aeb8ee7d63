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
}

export interface DocOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  parameters: DocParameter[];
  responses: Array<{ status: string; description: string }>;
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
        }));
      const responses = Object.entries((op['responses'] as Record<string, { description: string }>) ?? {}).map(
        ([status, response]) => ({
          status,
          description: response.description,
        }),
      );
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: String(op['summary'] ?? ''),
        description: String(op['description'] ?? ''),
        deprecated: op['deprecated'] === true,
        parameters,
        responses,
      });
    }
  }
  // Pinned v1 routes first; deprecated aliases after them.
  return operations.sort((a, b) => Number(a.deprecated) - Number(b.deprecated));
}

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
    lines.push('', `Responses: ${op.responses.map((r) => `${r.status} ${r.description}`).join('; ')}.`);
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
