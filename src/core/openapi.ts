// The OpenAPI 3.1 description, generated from the route table and the same zod schemas that
// validate requests, never kept by hand. The build writes it to /openapi.json.
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';
import { errorResponse, RATE_LIMIT_HEADERS, RATE_LIMITED_RESPONSE } from './http/common-schemas.ts';
import { IDEMPOTENCY_KEY_PATTERNS } from './http/idempotency.ts';
import type { AnyRoute, ResponseSpec } from './http/route.ts';
import { headerParameterDocs, jsonSchemaOf, parameters, type Io, type JsonObject } from './openapi-parameters.ts';
import { keepInputExamples } from './operations/input-examples.ts';
import { API_VERSION, SUNSET_DATE } from './versioning.ts';

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
  'Idempotency-Key': {
    description: 'The Idempotency-Key field exactly as the request sent it (quoted or bare)',
    schema: { type: 'string' },
  },
  'Idempotent-Replayed': {
    description: 'true when this is the stored answer to an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
  Age: { description: 'Seconds since the cached result was fetched (RFC 9111)', schema: { type: 'integer' } },
  Allow: { description: 'The methods this path answers', schema: { type: 'string' } },
  'Accept-Encoding': {
    description: 'On a 415 for a body coding not taken: the codings a request body may come in',
    schema: { type: 'string' },
  },
  Location: { description: 'The job to poll: /api/v1/jobs/{jobId}', schema: { type: 'string' } },
  'Preference-Applied': {
    description: 'respond-async when the Prefer header was honoured (RFC 7240)',
    schema: { type: 'string' },
  },
  ETag: {
    description:
      'Strong entity tag of the body as sent: a hash of the JSON, suffixed -br or -gzip for a compressed body; ' +
      'send it back in If-None-Match to get 304 while the answer is unchanged',
    schema: { type: 'string' },
  },
  'Cache-Status': {
    description: 'RFC 9211 cache status of the result cache (hit, miss, stale-if-error)',
    schema: { type: 'string' },
  },
};

const SCHEMA_REF = '#/components/schemas/';

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

/** A request is described as the schema takes it in (before transforms), a response as it comes out. */
function schemaRef(schema: z.ZodType, io: Io): JsonObject {
  const id = z.globalRegistry.get(schema)?.id;
  return id ? { $ref: `${SCHEMA_REF}${id}` } : jsonSchemaOf(schema, io);
}

/** Any route answers 400 to a malformed Idempotency-Key, whatever else it documents. */
const BAD_HEADER_RESPONSE: ResponseSpec = errorResponse('Invalid parameter or header (invalid_parameter)');

/** Any rate-limited route reads the Authorization header (see Route.rateLimited) and may refuse it. */
const UNAUTHORIZED_RESPONSE: ResponseSpec = errorResponse(
  'Bearer token unknown, expired or revoked, or a scheme other than Bearer (unauthorized)',
  ['WWW-Authenticate'],
);

/** What the dispatcher (app.ts) and the Idempotency-Key phase answer on a route's behalf. */
function sharedResponses(route: AnyRoute): Record<string, ResponseSpec> {
  const takesBody = Boolean(route.body ?? route.rawBody);
  return {
    400: BAD_HEADER_RESPONSE,
    ...(route.rateLimited === false ? {} : { 401: UNAUTHORIZED_RESPONSE, 429: RATE_LIMITED_RESPONSE }),
    ...(route.idempotent
      ? {
          409: errorResponse('A request with this Idempotency-Key is still running (idempotency_key_in_use)', [
            'Retry-After',
          ]),
          422: errorResponse('This Idempotency-Key was used with a different request (idempotency_key_reused)'),
        }
      : {}),
    ...(takesBody
      ? {
          413: errorResponse('Body over 1 MiB once decoded (payload_too_large)'),
          415: errorResponse('A Content-Encoding other than gzip, deflate or br (unsupported_media_type)', [
            'Accept-Encoding',
          ]),
        }
      : {}),
    500: errorResponse('An unexpected failure (internal_error); report the X-Request-Id. Never a stack trace'),
  };
}

/** A status's answers: the route's own, and others the dispatcher gives with a different body. */
type MergedResponse = ResponseSpec & { alternatives?: readonly ResponseSpec[] };

/**
 * The route's own answer for a status, together with what the dispatcher may answer with the same
 * status: a route whose 400 is a JSON-RPC error (MCP) can still get an ApiError for a bad header.
 */
function mergeSpecs(own: ResponseSpec | undefined, shared: ResponseSpec | undefined): MergedResponse {
  if (!own || !shared) return (own ?? shared)!;
  const headers = [...new Set([...(own.headers ?? []), ...(shared.headers ?? [])])];
  if (!own.schema || own.schema === shared.schema) return { ...own, headers };
  return { ...own, headers, alternatives: [shared] };
}

function mediaSchema(spec: MergedResponse): JsonObject | undefined {
  if (!spec.schema) return undefined;
  const alternatives = (spec.alternatives ?? []).filter((other) => other.schema);
  if (alternatives.length === 0) return schemaRef(spec.schema, 'output');
  return { anyOf: [spec, ...alternatives].map((each) => schemaRef(each.schema!, 'output')) };
}

/** A route that words its refusals in its own shape (MCP: JSON-RPC) is described so for every status. */
function refusalsWorded(route: AnyRoute, specs: Record<string, ResponseSpec>): Record<string, ResponseSpec> {
  const schema = route.refusalSchema;
  if (!schema) return specs;
  return Object.fromEntries(Object.entries(specs).map(([status, spec]) => [status, { ...spec, schema }]));
}

function responses(route: AnyRoute, alias: boolean): JsonObject {
  const shared = refusalsWorded(route, sharedResponses(route));
  const statuses = [...new Set([...Object.keys(shared), ...Object.keys(route.responses)])].sort();
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      responseObject(route, alias, Number(status), mergeSpecs(route.responses[Number(status)], shared[status])),
    ]),
  );
}

/** The headers a response of this status carries. */
function responseHeaderNames(route: AnyRoute, alias: boolean, status: number, spec: MergedResponse): Set<string> {
  const names = new Set<string>(['X-Request-Id', 'Idempotency-Key']);
  if (route.idempotent && status < 500) names.add('Idempotent-Replayed');
  if (route.rateLimited !== false) for (const name of RATE_LIMIT_HEADERS) names.add(name);
  for (const name of spec.headers ?? []) names.add(name);
  if (alias) for (const name of ['Deprecation', 'Sunset', 'Link']) names.add(name);
  return names;
}

function responseObject(route: AnyRoute, alias: boolean, status: number, spec: MergedResponse): JsonObject {
  const description = spec.alternatives?.length
    ? [spec.description, ...spec.alternatives.map((other) => other.description)].join('; or ')
    : spec.description;
  const response: JsonObject = { description, headers: headerRefs(responseHeaderNames(route, alias, status, spec)) };
  const schema = mediaSchema(spec);
  const content: JsonObject = schema ? { [spec.contentType ?? 'application/json']: { schema } } : {};
  if (spec.htmlPage) content['text/html'] = { schema: { type: 'string', description: 'An HTML page' } };
  if (spec.eventStream)
    content['text/event-stream'] = { schema: { type: 'string', description: 'Server-sent events' } };
  for (const [type, alternative] of Object.entries(spec.otherMediaTypes ?? {})) content[type] = { schema: alternative };
  if (Object.keys(content).length > 0) response['content'] = content;
  return response;
}

function operation(route: AnyRoute, alias: boolean): JsonObject {
  const op: JsonObject = {
    operationId: alias ? `${route.operationId}Unversioned` : route.operationId,
    summary: alias ? `${route.summary} (unversioned alias)` : route.summary,
    tags: [...route.tags],
    parameters: parameters(route),
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
    const media = { schema: schemaRef(body, 'input') };
    op['requestBody'] = {
      required: true,
      content: route.formBody
        ? { 'application/json': media, 'application/x-www-form-urlencoded': media }
        : { 'application/json': media },
    };
  }
  return op;
}

/** Component ids a schema refers to, directly or through other components. */
function referencedIds(roots: Iterable<string>, schemas: Record<string, JsonObject>): Set<string> {
  const seen = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const ref = (value as JsonObject)['$ref'];
      if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF)) enter(ref.slice(SCHEMA_REF.length));
      Object.values(value).forEach(visit);
    }
  };
  const enter = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    visit(schemas[id]);
  };
  for (const id of roots) enter(id);
  return seen;
}

/**
 * The registered schemas, each as it is used: request bodies as zod takes them in (so transforms and
 * preprocessing show their input), everything else as it comes out. A schema used both ways must look
 * the same both ways, or the build fails rather than describe one side wrongly.
 */
function componentSchemas(routes: readonly AnyRoute[]): Record<string, JsonObject> {
  const generate = (io: Io) => {
    const { schemas } = z.toJSONSchema(z.globalRegistry, {
      io,
      uri: (id) => `${SCHEMA_REF}${id}`,
      unrepresentable: 'any',
      ...(io === 'input' ? { override: keepInputExamples } : {}),
    }) as { schemas: Record<string, JsonObject> };
    return Object.fromEntries(
      Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as JsonObject]),
    );
  };
  const output = generate('output');
  const input = generate('input');
  const idOf = (schema: z.ZodType | undefined) => (schema ? z.globalRegistry.get(schema)?.id : undefined);
  const requestIds = referencedIds(
    routes.map((route) => idOf(route.body ?? route.bodyDoc)).filter((id) => id !== undefined),
    input,
  );
  const responseIds = referencedIds(
    routes
      .flatMap((route) => Object.values(route.responses).map((spec) => idOf(spec.schema)))
      .filter((id) => id !== undefined),
    output,
  );
  for (const id of requestIds) {
    if (responseIds.has(id) && JSON.stringify(input[id]) !== JSON.stringify(output[id]))
      throw new Error(`Schema ${id} is both a request and a response schema but differs between them`);
  }
  return Object.fromEntries(Object.keys(output).map((id) => [id, requestIds.has(id) ? input[id]! : output[id]!]));
}

export function buildOpenApiDocument(routes: readonly AnyRoute[], siteUrl: string): OpenApiDocument {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    if (route.documented === false) continue;
    const method = route.method.toLowerCase();
    (paths[route.path] ??= {})[method] = operation(route, false);
    for (const alias of route.aliases ?? []) (paths[alias] ??= {})[method] = operation(route, true);
  }
  const schemas = componentSchemas(routes);
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
        Prefer: {
          name: 'Prefer',
          in: 'header',
          required: false,
          description:
            'RFC 7240. respond-async asks for a job: 202 with the job, Location, Retry-After and ' +
            'Preference-Applied: respond-async. Other preferences are ignored.',
          schema: { type: 'string' },
          example: 'respond-async',
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A client-chosen key (a UUID, say) of 1 to 255 printable ASCII characters, sent as a structured-field ' +
            'String ("…", with \\" and \\\\ escaped) as the httpapi Idempotency-Key draft defines it, or bare. The ' +
            'quoted and bare spellings name the same key. Echoed in the response exactly as sent. POST routes keep ' +
            'the first answer for 24 hours and replay it for a repeat (Idempotent-Replayed: true); a repeat while the ' +
            'first is running gets 409, one with a different body 422.',
          schema: {
            type: 'string',
            anyOf: [
              { pattern: IDEMPOTENCY_KEY_PATTERNS.quoted, description: 'Structured-field String' },
              { pattern: IDEMPOTENCY_KEY_PATTERNS.bare, description: 'Bare (lenient)' },
            ],
          },
        },
        ContentEncoding: {
          name: 'Content-Encoding',
          in: 'header',
          required: false,
          description:
            'The body may be sent in gzip, deflate or br (RFC 9110 section 8.4); the 1 MiB limit applies to the ' +
            'decoded bytes; two may be stacked ("gzip, br"). Any other coding gets 415 with Accept-Encoding ' +
            'naming these.',
          schema: { type: 'string', enum: ['identity', 'gzip', 'deflate', 'br'], example: 'gzip' },
        },
        ...headerParameterDocs(routes),
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description:
            'ETags of bodies the client holds, or *: 304 with no body when one is current (RFC 9110 section 13.1.2)',
          schema: { type: 'string' },
        },
      },
    },
  };
}

const TAGS: Record<string, string> = {
  Service: 'Directory and health',
  Content: 'Essays and glossary',
  Papers: 'Academic paper search (OpenAlex)',
  Authors: 'Authors of the paper index and their works (OpenAlex)',
  Ask: 'Natural-language questions over essays and glossary',
  Batch: 'Several sub-requests in one call',
  Jobs: 'Asynchronous jobs',
  MCP: 'Model Context Protocol servers for agents',
  Authentication: 'Optional bearer tokens: a rate-limit bucket of your own',
};
