// Validates a response body against the generated OpenAPI description (dist/client/openapi.json),
// so tests check the published contract rather than the code's own zod schemas.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const root = path.resolve(import.meta.dirname, '../..');
let ajv: Ajv2020 | undefined;

function load(): Ajv2020 {
  if (ajv) return ajv;
  const doc = JSON.parse(readFileSync(path.join(root, 'dist/client/openapi.json'), 'utf8'));
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' });
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
