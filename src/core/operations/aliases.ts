// Input fields that stand in for another one when it is absent (`query` for ask's `q`, `per_page` for
// search's `limit`). Declared once, on the alias field (aliasOf), and published as `x-alias-of`; every
// door folds the alias into the field it names before validating (query strings and JSON bodies in
// http/request-input.ts, tool arguments in mcp/tool-calls.ts), so the operation sees one field, and a
// message about the value names the parameter that was actually sent.
import { z } from 'zod';

/** The field, marked as standing in for `target` when `target` is absent; the target wins when both are sent. */
export function aliasOf<Field extends z.ZodType>(target: string, field: Field): Field {
  return field.meta({ 'x-alias-of': target });
}

/** A schema's aliases, alias name first: worked out once per schema, as parsing is on the request path. */
const aliasesBySchema = new WeakMap<z.ZodType, ReadonlyArray<readonly [string, string]>>();
const NONE: ReadonlyArray<readonly [string, string]> = [];

/** The fields of an object schema, also when an object-level transform wraps it in a pipe. */
export function objectFields(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const object = schema instanceof z.ZodPipe ? schema.in : schema;
  return object instanceof z.ZodObject ? (object.shape as Record<string, z.ZodType>) : {};
}

/** A schema's aliases as [alias, target] pairs; none for a schema that is no object. */
export function aliasesOf(schema: z.ZodType): ReadonlyArray<readonly [string, string]> {
  let aliases = aliasesBySchema.get(schema);
  if (aliases === undefined) {
    const found = Object.entries(objectFields(schema)).flatMap(([name, field]) => {
      const target = z.globalRegistry.get(field)?.['x-alias-of'];
      return typeof target === 'string' ? [[name, target] as const] : [];
    });
    aliases = found.length > 0 ? found : NONE;
    aliasesBySchema.set(schema, aliases);
  }
  return aliases;
}

export interface FoldedInput {
  value: unknown;
  /** For each field an alias filled: the alias's name, so a message names what was sent. */
  sentAs: Readonly<Record<string, string>> | undefined;
}

/**
 * The input with each alias folded into its target: moved there when the target is absent. When both
 * are sent the target wins, and the alias is left to be checked by its own schema, as the published
 * schema promises. Input that is no object, or a schema without aliases, is left as it is.
 */
export function foldAliases(schema: z.ZodType, input: unknown): FoldedInput {
  const aliases = aliasesOf(schema);
  if (aliases === NONE || typeof input !== 'object' || input === null || Array.isArray(input))
    return { value: input, sentAs: undefined };
  const record = input as Record<string, unknown>;
  if (!aliases.some(([alias]) => record[alias] !== undefined)) return { value: input, sentAs: undefined };
  const folded = { ...record };
  const sentAs: Record<string, string> = {};
  for (const [alias, target] of aliases) {
    if (folded[alias] === undefined || folded[target] !== undefined) continue;
    folded[target] = folded[alias];
    sentAs[target] = alias;
    delete folded[alias];
  }
  return { value: folded, sentAs };
}

/**
 * For a JSON body: a field that must be sent, unless its alias is, as JSON Schema says it (`anyOf` of
 * the two `required`), since neither is required alone. Undefined when no alias stands in for such a field.
 */
export function requiredOneOf(object: z.ZodObject): Record<string, unknown> | undefined {
  const fields = object.shape as Record<string, z.ZodType>;
  const choices = aliasesOf(object)
    .filter(([, target]) => fields[target] !== undefined && !fields[target].safeParse(undefined).success)
    .map(([alias, target]) => ({ anyOf: [{ required: [target] }, { required: [alias] }] }));
  if (choices.length === 0) return undefined;
  return choices.length === 1 ? choices[0] : { allOf: choices };
}
