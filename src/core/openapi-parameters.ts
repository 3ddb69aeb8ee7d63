// The parameters of an operation in the OpenAPI description: path and query parameters from the route's
// zod schemas (descriptions, aliases, defaults) and the header parameters routes declare.
import { z } from 'zod';
import type { AnyRoute } from './http/route.ts';
import { aliasesOf, objectFields } from './operations/aliases.ts';
import { keepInputExamples } from './operations/input-examples.ts';

export type JsonObject = Record<string, unknown>;
export type Io = 'input' | 'output';

export function jsonSchemaOf(schema: z.ZodType, io: Io): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    ...(io === 'input' ? { override: keepInputExamples } : {}),
  }) as JsonObject;
  return rest;
}

/**
 * Schema fields that belong on the parameter instead: `description`; `required: true`, a parameter the
 * handler insists on although the schema lets it be absent; and `x-alias-of`, a parameter read only
 * when the one it names is absent (operations/aliases.ts). A parameter an alias may stand in for is
 * not required: a client sends one of the two.
 */
function parameter(name: string, location: 'query' | 'path', field: z.ZodType, aliased = false): JsonObject {
  const { description, required, 'x-alias-of': aliasOf, ...schema } = jsonSchemaOf(field, 'input');
  const result: JsonObject = {
    name,
    in: location,
    required: location === 'path' || required === true || (!aliased && !field.safeParse(undefined).success),
    schema,
  };
  if (typeof description === 'string') result['description'] = description;
  if (typeof aliasOf === 'string') result['x-alias-of'] = aliasOf;
  const fallback = defaultOf(field);
  if (location === 'query' && fallback !== undefined && !('default' in schema)) schema['default'] = fallback;
  return result;
}

/**
 * The value a parameter takes when it is absent, as its schema says it (a zod default, or a preprocess
 * that fills one in): a string, number or boolean only, as the query string carries nothing else.
 */
function defaultOf(field: z.ZodType): string | number | boolean | undefined {
  // A default the handler applies is stated in the field's metadata (query-from-input.ts).
  const stated = z.globalRegistry.get(field)?.['default'];
  const parsed = field.safeParse(undefined);
  const value: unknown = stated ?? (parsed.success ? parsed.data : undefined);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

export function parameters(route: AnyRoute): JsonObject[] {
  const pathShape = objectFields(route.params);
  const path = [...route.path.matchAll(/\{([a-zA-Z_]+)\}/g)].map(([, name = '']) =>
    pathShape[name] ? parameter(name, 'path', pathShape[name]) : parameter(name, 'path', z.string()),
  );
  const queryShape = objectFields(route.query);
  const aliased = new Set(route.query ? aliasesOf(route.query).map(([, target]) => target) : []);
  const query = Object.entries(queryShape).map(([name, field]) => parameter(name, 'query', field, aliased.has(name)));
  // A route whose 202 can carry Preference-Applied honours Prefer: respond-async (http/respond-async.ts).
  const async = Object.values(route.responses).some((spec) => spec.headers?.includes('Preference-Applied'));
  return [
    ...path,
    ...query,
    { $ref: '#/components/parameters/IdempotencyKey' },
    ...(async ? [{ $ref: '#/components/parameters/Prefer' }] : []),
    ...(route.responses[304] ? [{ $ref: '#/components/parameters/IfNoneMatch' }] : []),
    ...(route.body || route.rawBody ? [{ $ref: '#/components/parameters/ContentEncoding' }] : []),
    ...Object.keys(route.headerParameters ?? {}).map((name) => ({ $ref: `#/components/parameters/${name}` })),
  ];
}

/** The request headers routes read besides the shared ones, as component parameters. */
export function headerParameterDocs(routes: readonly AnyRoute[]): Record<string, unknown> {
  return Object.assign({}, ...routes.map((route) => route.headerParameters ?? {})) as Record<string, unknown>;
}
