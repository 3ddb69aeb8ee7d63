// Validates a response body against the generated OpenAPI description (dist/client/openapi.json),
// so tests check the published contract rather than the code's own zod schemas.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const root = path.resolve(import.meta.dirname, '../..');
let ajv: Ajv2020 | undefined;
let document: Record<string, any> | undefined;

function load(): Ajv2020 {
  if (ajv) return ajv;
  document = JSON.parse(readFileSync(path.join(root, 'dist/client/openapi.json'), 'utf8'));
  // JSON Schema patterns are ECMA-262 regular expressions with Unicode semantics, as Ajv's default reads them.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' });
  return ajv;
}

const pointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** Throws with the schema errors unless `body` matches the documented response. */
export function expectMatchesOpenApi(template: string, method: string, status: number, body: unknown): void {
  const validator = load();
  const ref = `openapi#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${status}/content/${pointer('application/json')}/schema`;
  const validate = validator.getSchema(ref);
  if (!validate) throw new Error(`OpenAPI documents no ${status} JSON response for ${method} ${template}`);
  if (!validate(body))
    throw new Error(`${method} ${template} ${status} does not match OpenAPI: ${validator.errorsText(validate.errors)}`);
}

/** The published description, as parsed JSON (for generators that read it). */
export function openApiDocument(): Record<string, any> {
  load();
  return document!;
}

/** Validates `value` against the schema at a JSON pointer into the description ("#/components/…"). */
export function matchesOpenApiSchema(pointerPath: string, value: unknown): boolean {
  const validator = load();
  const validate = validator.getSchema(`openapi${pointerPath}`);
  if (!validate) throw new Error(`The description has no schema at ${pointerPath}`);
  return validate(value) as boolean;
}

/** A response header's value as its schema sees it: integers are sent as digits. */
function headerValue(schema: { type?: string } | undefined, raw: string): unknown {
  return schema?.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * What in a response the description does not allow: an undocumented status or media type, a body
 * that does not match, a documented header whose value does not match its schema. Empty when it conforms.
 */
export function responseProblems(
  template: string,
  method: string,
  response: { status: number; headers: Record<string, string>; text: string },
): string[] {
  const validator = load();
  const operation = document!.paths[template]?.[method.toLowerCase()];
  const base = `#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${response.status}`;
  const documented = operation?.responses?.[String(response.status)];
  if (!documented) return [`status ${response.status} is not documented`];
  const problems: string[] = [];
  const mediaType = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
  const content = documented.content as Record<string, unknown> | undefined;
  // An empty body is always allowed (a notification's 202, a HEAD); any other must be documented.
  if (response.text !== '' && !(content && mediaType in content))
    problems.push(`media type ${mediaType} is not documented for ${response.status}`);
  if (mediaType === 'application/json' && content?.['application/json']) {
    const validate = validator.getSchema(`openapi${base}/content/${pointer('application/json')}/schema`)!;
    if (!validate(JSON.parse(response.text))) problems.push(`body: ${validator.errorsText(validate.errors)}`);
  }
  for (const name of Object.keys(documented.headers ?? {})) {
    const raw = response.headers[name.toLowerCase()];
    if (raw === undefined) continue;
    const schema = document!.components.headers[name]?.schema;
    const validate = validator.getSchema(`openapi#/components/headers/${pointer(name)}/schema`);
    if (validate && !validate(headerValue(schema, raw)))
      problems.push(`header ${name}: ${JSON.stringify(raw)} ${validator.errorsText(validate.errors)}`);
  }
  return problems;
}
