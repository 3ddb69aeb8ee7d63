// The OpenAPI 3.1 description, generated from the route table and the same zod schemas that
// validate requests, never kept by hand. The build writes it to /openapi.json.
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';
import { errorResponse, RATE_LIMIT_HEADERS } from './http/common-schemas.ts';
import type { AnyRoute, ResponseSpec } from './http/route.ts';
import { API_VERSION, SUNSET_DATE } from './versioning.ts';

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string } & JsonObject;
  paths: Record<string, Record<string, JsonObject>>;
  [member: string]: unknown;
}

const HEADER_DOCS: Record<string, { description: string; schema: JsonObject }> = {
  'X-Request-Id': {
    description: 'Request id: echoed when the client sent a sane one, else generated',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Requests allowed per minute window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
  'RateLimit-Policy': {
    description: 'IETF draft RateLimit-Policy, e.g. "default";q=120;w=60',
    schema: { type: 'string' },
  },
  RateLimit: { description: 'IETF draft RateLimit, e.g. "default";r=119;t=60', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
  'WWW-Authenticate': {
    description:
      'RFC 6750 Bearer challenge naming the RFC 9728 protected resource metadata, ' +
      'Bearer resource_metadata="<SITE_URL>/.well-known/oauth-protected-resource", with error="invalid_token" ' +
      'appended when a bearer token was refused (not when another scheme was sent)',
    schema: { type: 'string' },
  },
  Deprecation: {
    description: 'RFC 9745 deprecation date of this unversioned alias (@epoch-seconds)',
    schema: { type: 'string' },
  },
  Sunset: {
    description: 'RFC 8594 date after which this unversioned alias may stop answering',
    schema: { type: 'string' },
  },
  Link: {
    description:
      'RFC 8288 links: the /api/v1 successor of an unversioned alias (rel="successor-version"); on a paper search, ' +
      'the RSS feed of the newest papers for the same query (rel="alternate"; type="application/rss+xml")',
    schema: { type: 'string' },
  },
  'Idempotency-Key': { description: 'The Idempotency-Key the request sent, echoed', schema: { type: 'string' } },
  Location: { description: 'The job to poll: /api/v1/jobs/{jobId}', schema: { type: 'string' } },
  'Preference-Applied': {
    description: 'respond-async when the Prefer header was honoured (RFC 7240)',
    schema: { type: 'string' },
  },
  'Cache-Status': {
    description: 'RFC 9211 cache status of the result cache (hit, miss, stale-if-error)',
    schema: { type: 'string' },
  },
};

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

function headerRefs(names: Iterable<string>): JsonObject {
  return Object.fromEntries(
    [...names].map((name) => {
      // A route naming an undocumented header is a build error, not a dangling $ref.
      if (!HEADER_DOCS[name])
        throw new Error(`Response header ${name} has no entry in HEADER_DOCS (src/core/openapi.ts)`);
      return [name, { $ref: `#/components/headers/${name}` }];
    }),
  );
}

function schemaRef(schema: z.ZodType): JsonObject {
  const id = z.globalRegistry.get(schema)?.id;
  return id ? { $ref: `#/components/schemas/${id}` } : jsonSchemaOf(schema, 'output');
}

function queryParameters(route: AnyRoute): JsonObject[] {
  // A query schema with an object-level transform is a pipe whose input is the object.
  const object = route.query instanceof z.ZodPipe ? route.query.in : route.query;
  if (!(object instanceof z.ZodObject)) return [];
  return Object.entries(object.shape as Record<string, z.ZodType>).map(([name, field]) => {
    // `required: true` in a field's meta marks a parameter the handler insists on (see routes/ask.ts).
    const { description, required, ...schema } = jsonSchemaOf(field, 'input');
    const parameter: JsonObject = {
      name,
      in: 'query',
      required: required === true || !field.safeParse(undefined).success,
      schema,
    };
    if (typeof description === 'string') parameter['description'] = description;
    return parameter;
  });
}

function pathParameters(path: string): JsonObject[] {
  return [...path.matchAll(/\{([a-zA-Z_]+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/** Any route answers 400 to a malformed Idempotency-Key, whatever else it documents. */
const BAD_HEADER_RESPONSE: ResponseSpec = errorResponse('Invalid parameter or header (invalid_parameter)');

/** Any rate-limited route reads the Authorization header (see Route.rateLimited) and may refuse it. */
const UNAUTHORIZED_RESPONSE: ResponseSpec = errorResponse(
  'Bearer token unknown, expired or revoked, or a scheme other than Bearer (unauthorized)',
  ['WWW-Authenticate'],
);

function responses(route: AnyRoute, alias: boolean): JsonObject {
  const specs: Record<string, ResponseSpec> = {
    400: BAD_HEADER_RESPONSE,
    ...(route.rateLimited === false ? {} : { 401: UNAUTHORIZED_RESPONSE }),
    ...route.responses,
  };
  return Object.fromEntries(
    Object.entries(specs).map(([status, spec]) => {
      const names = new Set<string>(['X-Request-Id']);
      if (status.startsWith('2')) names.add('Idempotency-Key');
      if (route.rateLimited !== false) for (const name of RATE_LIMIT_HEADERS) names.add(name);
      for (const name of spec.headers ?? []) names.add(name);
      if (alias) for (const name of ['Deprecation', 'Sunset', 'Link']) names.add(name);
      const response: JsonObject = { description: spec.description, headers: headerRefs(names) };
      if (spec.schema)
        response['content'] = { [spec.contentType ?? 'application/json']: { schema: schemaRef(spec.schema) } };
      return [status, response];
    }),
  );
}

function operation(route: AnyRoute, alias: boolean): JsonObject {
  const op: JsonObject = {
    operationId: alias ? `${route.operationId}Unversioned` : route.operationId,
    summary: alias ? `${route.summary} (unversioned alias)` : route.summary,
    tags: [...route.tags],
    parameters: [
      ...pathParameters(route.path),
      ...queryParameters(route),
      { $ref: '#/components/parameters/IdempotencyKey' },
    ],
    responses: responses(route, alias),
  };
  const description = [
    route.description,
    alias ? `Deprecated alias of \`${route.path}\`; sunset ${SUNSET_DATE.toISOString()}.` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  if (description) op['description'] = description;
  if (alias) op['deprecated'] = true;
  // Routes that are not rate-limited ignore the Authorization header: no credentials apply to them.
  if (route.rateLimited === false) op['security'] = [];
  const body = route.body ?? route.bodyDoc;
  if (body) {
    const media = { schema: schemaRef(body) };
    op['requestBody'] = {
      required: true,
      content: route.formBody
        ? { 'application/json': media, 'application/x-www-form-urlencoded': media }
        : { 'application/json': media },
    };
  }
  return op;
}

export function buildOpenApiDocument(routes: readonly AnyRoute[], siteUrl: string): OpenApiDocument {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    if (route.documented === false) continue;
    const method = route.method.toLowerCase();
    (paths[route.path] ??= {})[method] = operation(route, false);
    for (const alias of route.aliases ?? []) (paths[alias] ??= {})[method] = operation(route, true);
  }
  const registry = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }) as { schemas: Record<string, JsonObject> };
  const schemas = Object.fromEntries(
    Object.entries(registry.schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]),
  );
  const tags = [...new Set(routes.flatMap((route) => route.tags))]
    .sort()
    .map((name) => ({ name, description: TAGS[name] ?? name }));

  return {
    openapi: '3.1.0',
    info: {
      title: 'Research Hub API',
      version: API_VERSION,
      summary: 'Paper search, essays and a glossary of AI and Web3 terms, for people and agents.',
      description:
        'A public, read-oriented API. No authentication is required; an optional bearer token from ' +
        '`POST /api/auth/register` gives a client a rate-limit bucket of its own. `/api/v1/*` is pinned to major version 1 ' +
        '(changes are additive only); unversioned `/api/*` paths follow the latest version, are marked deprecated, ' +
        `and carry \`Sunset: ${SUNSET_DATE.toUTCString()}\`. Errors always have the shape ` +
        '`{"error":{"code","message","status","resolution"}}`; codes: ' +
        Object.keys(ERROR_CODES)
          .map((code) => `\`${code}\``)
          .join(', ') +
        '.',
      contact: { name: 'Research Hub', url: `${siteUrl}/api-docs` },
      license: { name: 'CC0-1.0', identifier: 'CC0-1.0' },
      'x-sunset': SUNSET_DATE.toISOString(),
    },
    servers: [{ url: siteUrl }],
    // Anonymous access everywhere; a bearer token is optional and only selects a rate-limit bucket.
    security: [{}, { bearerAuth: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Optional: a token from `POST /api/auth/register` only selects your own rate-limit bucket. ' +
            '`Bearer anonymous` is treated as public; an unknown, expired or revoked token gets 401.',
        },
      },
      schemas,
      headers: Object.fromEntries(Object.entries(HEADER_DOCS).map(([name, doc]) => [name, doc])),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A client-supplied UUID or hash (1 to 255 printable ASCII characters); echoed in the response',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
    },
  };
}

const TAGS: Record<string, string> = {
  Service: 'Directory and health',
  Content: 'Essays and glossary',
  Papers: 'Academic paper search (OpenAlex)',
  Ask: 'Natural-language questions over essays and glossary',
  Batch: 'Several sub-requests in one call',
  Jobs: 'Asynchronous jobs',
  MCP: 'Model Context Protocol servers for agents',
  Authentication: 'Optional bearer tokens: a rate-limit bucket of your own',
};
