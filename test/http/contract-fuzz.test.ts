// The contract fuzzer: requests generated from the published /openapi.json (the built
// dist/client/openapi.json) for every operation, sent to the real built server over loopback.
// - A request the description allows is never refused with a 4xx, except for state the description
//   names: an unknown job or paper (404), an Idempotency-Key in use or reused (409, 422), a rate limit (429).
// - A request that breaks one rule of the description never succeeds (a batch sub-request that breaks
//   SubRequest is answered in its own place, as the description says).
// - Every answer is documented: its status, media type, body and header values.
// Ajv judges every generated request against the description before it is sent, so a generator mistake
// cannot pass for a server one. Seeded and bounded: the same cases every run (Idempotency-Keys on POST
// routes aside, which are fresh UUIDs).
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { http } from '../support/http.ts';
import { matchesOpenApiSchema, openApiDocument, responseProblems } from '../support/openapi-validator.ts';
import { invalidValue, validValue, type Resolve, type Schema } from '../support/schema-arbitraries.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const SEED = 150_015;
const CASES = 8_000;
const CONCURRENCY = 16;
const MAX_REPORTED_FAILURES = 15;

// Limits high enough that only the documented per-request rules apply.
const handles = useServerWithStandIn({
  RATE_LIMIT_PER_MINUTE: '10000000',
  REGISTER_PER_HOUR: '10000000',
  TOKENS_PER_CLIENT: '10000000',
  IDEMPOTENCY_KEYS_PER_CLIENT: '10000000',
  JOBS_PER_CLIENT: '10000000',
});

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: Schema;
  'x-alias-of'?: string;
}

interface Operation {
  template: string;
  method: string;
  operationId: string;
  parameters: Array<{ parameter: Parameter; pointer: string }>;
  body?: { schema: Schema; pointer: string };
  responses: Record<string, unknown>;
}

interface Case {
  operation: Operation;
  valid: boolean;
  /** The rule an invalid case breaks. */
  breaks?: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
}

const doc = openApiDocument();
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const resolve: Resolve = (ref) =>
  ref
    .slice(2)
    .split('/')
    .reduce((node: any, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Schema;

function operations(): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([template, item]) =>
    Object.entries(item).map(([method, op]) => {
      const base = `#/paths/${escape(template)}/${method}`;
      const parameters = (op.parameters as Array<Parameter | { $ref: string }>).map((entry, index) =>
        '$ref' in entry
          ? { parameter: resolve(entry.$ref) as unknown as Parameter, pointer: `${entry.$ref}/schema` }
          : { parameter: entry, pointer: `${base}/parameters/${index}/schema` },
      );
      const json = op.requestBody?.content?.['application/json'];
      return {
        template,
        method: method.toUpperCase(),
        operationId: op.operationId as string,
        parameters,
        responses: op.responses,
        ...(json
          ? { body: { schema: json.schema as Schema, pointer: `${base}/requestBody/content/application~1json/schema` } }
          : {}),
      };
    }),
  );
}

/** A parameter value as JSON Schema sees it: the query string carries integers as digits. */
function typed(parameter: Parameter, raw: string): unknown {
  return parameter.schema['type'] === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

/** Header values must be printable ASCII to be sent at all, and a path value must stay one segment. */
function sendable(parameter: Parameter, value: string): boolean {
  if (parameter.in === 'header') return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);
  if (parameter.in === 'path') return value !== '' && !value.includes('/');
  return true;
}

const validParameter = (entry: Operation['parameters'][number]) =>
  validValue(entry.parameter.schema, resolve)
    .map(String)
    .filter(
      (raw) =>
        sendable(entry.parameter, raw) &&
        validHeader(entry.parameter, raw) &&
        matchesOpenApiSchema(entry.pointer, typed(entry.parameter, raw)),
    );

const isKeyHeader = (parameter: Parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key';
const isCodingHeader = (parameter: Parameter) => parameter.in === 'header' && parameter.name === 'Content-Encoding';
const idempotent = (operation: Operation) => operation.method === 'POST' && '422' in operation.responses;

/**
 * Required, or stood in for only by an alias (x-alias-of): /ask takes q or its alias query, one of them.
 * A parameter with a default is never needed, alias or not (search's limit, with per_page beside it).
 */
const mustSend = (operation: Operation, parameter: Parameter) =>
  parameter.required ||
  (parameter.schema['default'] === undefined &&
    operation.parameters.some((entry) => entry.parameter['x-alias-of'] === parameter.name));

/**
 * MCP transport headers whose validity hangs on more than their schema: Origin on the allow-list, Mcp-Method
 * and Mcp-Name on the body, and 2026-07-28 on a body with _meta. A valid case leaves them out (or speaks
 * an earlier revision); invalid cases still break them.
 */
const BOUND_HEADERS = new Set(['Origin', 'Mcp-Method', 'Mcp-Name']);
const validHeader = (parameter: Parameter, raw: string) =>
  !(parameter.in === 'header' && parameter.name === 'MCP-Protocol-Version' && raw === '2026-07-28');

/** Values for every parameter: required ones always, optional ones sometimes. */
function parameterValues(operation: Operation): fc.Arbitrary<Array<string | undefined>> {
  return fc.tuple(
    ...operation.parameters.map((entry) => {
      // Keys on POST routes are fresh random UUIDs, as clients make them (and the register route demands);
      // they are the one input not drawn from the seed. Elsewhere any value the header allows.
      // Bodies go as drawn, so the one coding a valid request can truthfully name is identity; the other
      // codings, with real encoded bodies, are request-coding.test.ts's and fuzz.test.ts's.
      if (entry.parameter.in === 'header' && BOUND_HEADERS.has(entry.parameter.name)) return fc.constant(undefined);
      const value =
        isKeyHeader(entry.parameter) && idempotent(operation)
          ? fc.constant(null).map(() => randomUUID())
          : isCodingHeader(entry.parameter)
            ? fc.constant('identity')
            : validParameter(entry);
      return mustSend(operation, entry.parameter) ? value : fc.option(value, { nil: undefined, freq: 2 });
    }),
  );
}

const validBody = (body: NonNullable<Operation['body']>) =>
  validValue(body.schema, resolve).filter((value) => matchesOpenApiSchema(body.pointer, value));

/** A request the description allows. */
function validCase(operation: Operation): fc.Arbitrary<Case> {
  const body = operation.body ? validBody(operation.body) : fc.constant(undefined);
  return fc.tuple(parameterValues(operation), body).map(([values, value]) => assemble(operation, values, value, true));
}

/** Requests that break one rule of the description, in one parameter or the body; undefined if nothing can be broken. */
function invalidCase(operation: Operation): fc.Arbitrary<Case> | undefined {
  const body = operation.body ? validBody(operation.body) : fc.constant(undefined);
  const targets = operation.parameters.flatMap((entry, index) => {
    const { parameter } = entry;
    // Drawn up front from a finite sample: a parameter nothing sendable can break (a free-text header) is
    // no target, where a filter over an arbitrary would search forever.
    const candidates = new Map<string, string>();
    for (const { value, breaks } of fc.sample(invalidValue(parameter.schema, resolve), { seed: SEED, numRuns: 200 })) {
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const raw = String(value);
      if (sendable(parameter, raw) && !matchesOpenApiSchema(entry.pointer, typed(parameter, raw)))
        candidates.set(raw, breaks);
    }
    const choices: Array<{ value: string | undefined; breaks: string }> = [...candidates].map(([value, breaks]) => ({
      value,
      breaks,
    }));
    if (mustSend(operation, parameter) && parameter.in !== 'path')
      choices.push({ value: undefined, breaks: 'required' });
    if (choices.length === 0) return [];
    return fc.tuple(parameterValues(operation), fc.constantFrom(...choices), body).map(([values, bad, value]) => {
      const chosen = values.map((other, at) => {
        const { name, 'x-alias-of': aliasOf } = operation.parameters[at]!.parameter;
        // Breaking q must not leave its alias to stand in for it; an alias is read only when q is absent.
        return aliasOf === parameter.name || parameter['x-alias-of'] === name ? undefined : other;
      });
      chosen[index] = bad.value;
      return { ...assemble(operation, chosen, value, false), breaks: `${parameter.name}: ${bad.breaks}` };
    });
  });
  if (operation.body) {
    const { schema, pointer } = operation.body;
    // Sampled up front too: a body schema that accepts anything has nothing to break.
    const broken = fc
      .sample(
        fc.oneof(
          invalidValue(schema, resolve),
          fc.constantFrom(null, [], 'text', 7).map((value) => ({ value, breaks: 'type' })),
        ),
        { seed: SEED, numRuns: 400 },
      )
      .filter(({ value }) => !matchesOpenApiSchema(pointer, value));
    if (broken.length > 0)
      targets.push(
        fc
          .tuple(parameterValues(operation), fc.constantFrom(...broken))
          .map(([values, bad]) => ({ ...assemble(operation, values, bad.value, false), breaks: `body ${bad.breaks}` })),
      );
  }
  return targets.length > 0 ? fc.oneof(...targets) : undefined;
}

function assemble(operation: Operation, values: Array<string | undefined>, body: unknown, valid: boolean): Case {
  let path = operation.template;
  const query: Record<string, string> = {};
  const headers: Record<string, string> = { accept: 'application/json' };
  operation.parameters.forEach(({ parameter }, index) => {
    const value = values[index];
    if (value === undefined) return;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query') query[parameter.name] = value;
    else headers[parameter.name.toLowerCase()] = value;
  });
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { operation, valid, path, query, headers, ...(body === undefined ? {} : { body }) };
}

/**
 * The path names a thing that may not exist (a job, a paper, an essay): a path parameter, and a 404
 * in the operation's own description. Read from OpenAPI, so a new operation needs no entry here.
 */
const namesState = (operation: Operation) => operation.template.includes('{') && '404' in operation.responses;

/**
 * A cursor is state too: valid only as the next_cursor of the same list (bound to it), which no
 * schema can describe, so a made-up one may be refused as invalid_cursor.
 */
const refusedCursor = (generated: Case, status: number, text: string) =>
  status === 400 && generated.query['cursor'] !== undefined && text.includes('"code":"invalid_cursor"');

/** Statuses a request the description allows may still get, for state it names. */
function stateStatuses(operation: Operation): number[] {
  return [429, ...(idempotent(operation) ? [409, 422] : []), ...(namesState(operation) ? [404] : [])];
}

/**
 * A 4xx, or a JSON-RPC error: the MCP operations answer a message they cannot take with a JSON-RPC
 * error at HTTP 200, as their description says (transport errors get the 4xx statuses).
 */
function refused(status: number, headers: Record<string, string>, text: string): boolean {
  if (status >= 400) return true;
  if (!headers['content-type']?.startsWith('application/json') || text === '') return false;
  const body = JSON.parse(text) as { jsonrpc?: unknown; error?: unknown };
  return body.jsonrpc === '2.0' && body.error !== undefined;
}

/** What is wrong with the answer to one case, or undefined. */
function judge(generated: Case, status: number, headers: Record<string, string>, text: string): string | undefined {
  const problems = responseProblems(generated.operation.template, generated.operation.method, {
    status,
    headers,
    text,
  });
  if (
    generated.valid &&
    status >= 400 &&
    !stateStatuses(generated.operation).includes(status) &&
    !refusedCursor(generated, status, text)
  )
    problems.push(`a valid request was refused with ${status}`);
  if (!generated.valid) {
    const inItem = generated.breaks?.startsWith('body requests: items[0]');
    if (inItem) {
      // A broken sub-request is answered in its place (see BatchRequest); the batch itself runs.
      const first =
        status === 200 ? (JSON.parse(text) as { responses: Array<{ status: number }> }).responses[0] : undefined;
      if (!first || first.status < 400 || first.status >= 500)
        problems.push(`the broken sub-request got ${first?.status}`);
    } else if (!refused(status, headers, text) || status >= 500)
      problems.push(`an invalid request (${generated.breaks}) got ${status}`);
  }
  if (problems.length === 0) return undefined;
  const target = `${generated.path}${Object.keys(generated.query).length ? `?${new URLSearchParams(generated.query)}` : ''}`;
  const sent = generated.body === undefined ? '' : ` body ${JSON.stringify(generated.body).slice(0, 300)}`;
  return `${generated.operation.method} ${target}${sent} [${generated.breaks ?? 'valid'}] -> ${status} ${text.slice(0, 200)}: ${problems.join('; ')}`;
}

describe('contract fuzzer (driven by the published OpenAPI description)', () => {
  it(`${CASES} seeded requests: valid ones succeed, invalid ones fail, every answer is documented`, async () => {
    const all = operations();
    // Each operation's arbitraries are built once: building them samples the candidates for breaking it.
    const perOperation = all.map((operation) => {
      const invalid = invalidCase(operation);
      const valid = validCase(operation);
      return invalid ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: invalid }) : valid;
    });
    const cases = fc.sample(fc.oneof(...perOperation), { seed: SEED, numRuns: CASES });
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    const sent = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const generated = cases[(next += 1) - 1]!;
        const search = new URLSearchParams(generated.query).toString();
        const response = await http(`${handles.server.url}${generated.path}${search ? `?${search}` : ''}`, {
          method: generated.operation.method,
          headers: generated.headers,
          ...(generated.body === undefined ? {} : { body: JSON.stringify(generated.body) }),
        });
        const tally = `${generated.valid ? 'valid' : 'invalid'} ${response.status}`;
        sent.add(`${generated.operation.operationId} ${generated.valid ? 'valid' : 'invalid'}`);
        statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
        const failure = judge(generated, response.status, response.headers, response.text);
        if (failure && failures.length < MAX_REPORTED_FAILURES) failures.push(failure);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    console.info(
      `contract fuzzer: ${cases.length} cases over ${all.length} operations;`,
      Object.fromEntries([...statuses].sort()),
    );
    expect(failures).toEqual([]);
    // Both kinds were exercised on (nearly) every operation, not just generated.
    expect([...statuses.keys()].some((key) => key.startsWith('invalid 4'))).toBe(true);
    // The routes issue 47 added got requests of both kinds.
    for (const operationId of [
      'searchAuthors',
      'getAuthor',
      'listAuthorWorks',
      'listRelatedPapers',
      'paperCitationsFeed',
    ])
      for (const kind of ['valid', 'invalid'])
        expect(sent, `${operationId} ${kind}`).toContain(`${operationId} ${kind}`);
  }, 120_000);
});

// MCP refusals: every way the MCP operations refuse a request, with seeded ids and bodies, on all four
// paths. Each answer must be a JSON-RPC error with an id member (the id sent when the body could be
// read, else null), a code of the documented scheme, and a status, body and headers its description lists.
const MCP_PATHS = ['/.well-known/mcp', '/api/mcp', '/.well-known/mcp/docs', '/api/mcp/docs'];
const MCP_CODES = new Set([-32700, -32600, -32601, -32602, -32000, -32603, -32020, -32021, -32022]);

interface Refusal {
  kind: string;
  headers: Record<string, string>;
  body: string | Buffer;
  /** The id the answer must carry: the body's, or null when the refusal comes before the body is read. */
  id: string | number | null;
}

const rpcId = fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.string({ minLength: 1, maxLength: 12 }));

const refusals = (id: string | number): Refusal[] => {
  const ping = JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  return [
    { kind: 'not JSON', headers: json, body: ping.slice(0, -1), id: null },
    { kind: 'unknown token', headers: { ...json, authorization: 'Bearer rh_unknown' }, body: ping, id },
    { kind: 'foreign Origin', headers: { ...json, origin: 'https://evil.example' }, body: ping, id: null },
    { kind: 'Accept', headers: { ...json, accept: 'text/html' }, body: ping, id },
    { kind: 'Content-Type', headers: { ...json, 'content-type': 'text/plain' }, body: ping, id },
    { kind: 'version', headers: { ...json, 'mcp-protocol-version': '1999-01-01' }, body: ping, id },
    { kind: 'too large', headers: json, body: Buffer.alloc(1_048_577, 0x20), id: null },
    {
      kind: 'too deep',
      headers: json,
      body: `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"ping","params":${'{"a":'.repeat(90)}1${'}'.repeat(90)}}`,
      id,
    },
    { kind: 'batch', headers: json, body: `[${ping}]`, id: null },
    // Refused in preflight, before the body is read.
    { kind: 'bad Idempotency-Key', headers: { ...json, 'idempotency-key': '"unterminated' }, body: ping, id: null },
  ];
};

describe('contract fuzzer: MCP refusals', () => {
  it('every refusal is a documented JSON-RPC envelope with an id member', async () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom(...MCP_PATHS), rpcId, fc.nat({ max: 9 })), {
      seed: SEED,
      numRuns: 240,
    });
    const failures: string[] = [];
    const kinds = new Map<string, number>();
    for (const [path, id, pick] of cases) {
      const refusal = refusals(id)[pick]!;
      const response = await http(`${handles.server.url}${path}`, {
        method: 'POST',
        headers: refusal.headers,
        body: refusal.body,
      });
      kinds.set(`${refusal.kind} ${response.status}`, (kinds.get(`${refusal.kind} ${response.status}`) ?? 0) + 1);
      const where = `${path} [${refusal.kind}] id ${JSON.stringify(id)} -> ${response.status} ${response.text.slice(0, 160)}`;
      let body: { jsonrpc?: unknown; id?: unknown; error?: { code?: unknown } };
      try {
        body = JSON.parse(response.text);
      } catch {
        failures.push(`${where}: not JSON`);
        continue;
      }
      const problems = responseProblems(path, 'POST', {
        status: response.status,
        headers: response.headers,
        text: response.text,
      });
      if (body.jsonrpc !== '2.0' || !body.error) problems.push('not a JSON-RPC error');
      if (!('id' in body)) problems.push('no id member');
      else if (body.id !== refusal.id)
        problems.push(`id ${JSON.stringify(body.id)}, sent ${JSON.stringify(refusal.id)}`);
      if (!MCP_CODES.has(body.error?.code as number))
        problems.push(`code ${String(body.error?.code)} outside the scheme`);
      if (response.status >= 500) problems.push('a server error');
      if (problems.length > 0 && failures.length < MAX_REPORTED_FAILURES)
        failures.push(`${where}: ${problems.join('; ')}`);
    }
    console.info('contract fuzzer, MCP refusals:', Object.fromEntries([...kinds].sort()));
    expect(failures).toEqual([]);
    // Every kind was sent.
    expect(new Set([...kinds.keys()].map((key) => key.split(' ').slice(0, -1).join(' '))).size).toBe(10);
  }, 120_000);
});

// The pages the server fills from the index (issue 47): a paper's and an author's, and their Markdown
// twins at the page's URL + .md. They are pages of the site, not API operations (OpenAPI leaves them
// out), so their contract is the site's: 200 for a paper or author the index holds, in any spelling of
// its id, else the page saying so with 404; Markdown for .md or Accept: text/markdown, else HTML that
// links its twin; never a 5xx. Ids are seeded: the stand-in's own, unknown ones of a valid form, junk.
const knownPaperIds = (() => {
  const work = fixtureWorks.ai.find((one) => one['ids']?.pmid && one['doi'])!;
  const preprint = fixtureWorks.ai.find((one) => /arxiv/i.test(String(one['doi'])))!;
  const arxiv = /arxiv\.(.+)$/i.exec(String(preprint['doi']))![1]!;
  return [
    String(work['id']).split('/').pop()!,
    String(work['id']),
    String(work['doi']).replace('https://doi.org/', ''),
    `pmid:${String(work['ids'].pmid).split('/').pop()}`,
    `arXiv:${arxiv}`,
  ];
})();
const knownAuthorIds = [...fixtureWorks.ai, ...fixtureWorks.other]
  .flatMap((work) => (work['authorships'] ?? []).map((a: { author?: { id?: string } }) => a.author?.id))
  .filter((id): id is string => typeof id === 'string')
  .flatMap((id) => [id.split('/').pop()!, id]);
const unknownIds = ['W1', 'W9999999999', '10.1234/none', 'pmid:1', 'arXiv:0000.00000', 'A1', 'A9999999999'];
/** Accept values and whether each asks for Markdown (the oracle, written out, not the server's negotiation). */
const ACCEPTS: Array<[string | undefined, boolean]> = [
  [undefined, false],
  ['text/html', false],
  ['*/*', false],
  ['text/markdown', true],
  ['text/markdown, text/html;q=0.5', true],
  ['text/html, text/markdown;q=0.5', false],
];

describe('contract fuzzer: the paper and author pages and their Markdown twins', () => {
  it('answers known ids 200 and others 404, in the media type asked for, never a 5xx', async () => {
    const known = { papers: knownPaperIds, authors: knownAuthorIds };
    const junk = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((text) => !/^\.+$/.test(text) && !text.endsWith('.md'));
    const cases = fc.sample(
      fc
        .constantFrom('papers' as const, 'authors' as const)
        .chain((kind) =>
          fc.tuple(
            fc.constant(kind),
            fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom(...known[kind]) },
              { weight: 2, arbitrary: fc.constantFrom(...unknownIds) },
              { weight: 2, arbitrary: junk },
            ),
            fc.boolean(),
            fc.nat({ max: ACCEPTS.length - 1 }),
            fc.option(fc.string({ maxLength: 30 }), { nil: undefined, freq: 3 }),
          ),
        ),
      { seed: SEED, numRuns: 300 },
    );
    const failures: string[] = [];
    const tally = new Map<string, number>();
    for (const [kind, raw, twin, acceptIndex, cursor] of cases) {
      const [accept, asksMarkdown] = ACCEPTS[acceptIndex]!;
      const list = kind === 'papers' ? 'citations' : 'works';
      const path = `/${kind}/${encodeURIComponent(raw)}${twin ? '.md' : ''}`;
      const query = cursor === undefined ? '' : `?${new URLSearchParams({ [list]: cursor })}`;
      const response = await http(`${handles.server.url}${path}${query}`, {
        headers: accept === undefined ? {} : { accept },
      });
      const held = known[kind].includes(raw);
      const markdown = twin || asksMarkdown;
      tally.set(
        `${kind}${twin ? '.md' : ''} ${response.status}`,
        (tally.get(`${kind}${twin ? '.md' : ''} ${response.status}`) ?? 0) + 1,
      );
      const problems: string[] = [];
      if (response.status !== (held ? 200 : 404))
        problems.push(`status ${response.status}, wanted ${held ? 200 : 404}`);
      const type = response.headers['content-type'] ?? '';
      if (!type.startsWith(markdown ? 'text/markdown' : 'text/html')) problems.push(`content-type ${type}`);
      if (markdown && !response.text.startsWith('# ')) problems.push('Markdown without a title');
      if (!markdown && response.status === 200) {
        const own = `/${kind}/${encodeURIComponent(raw)}`;
        if (
          !response.text.includes(`<link rel="alternate" type="text/markdown" href="${own.replace(/&/g, '&amp;')}.md"`)
        )
          problems.push('no link to its Markdown twin');
      }
      if (!/\baccept\b/i.test(response.headers['vary'] ?? '')) problems.push('no Vary: Accept');
      if (problems.length > 0 && failures.length < MAX_REPORTED_FAILURES)
        failures.push(`GET ${path}${query} (Accept ${accept}) -> ${response.status}: ${problems.join('; ')}`);
    }
    console.info('contract fuzzer, pages:', Object.fromEntries([...tally].sort()));
    expect(failures).toEqual([]);
    // Each page and twin was answered both ways.
    for (const form of ['papers', 'papers.md', 'authors', 'authors.md'])
      for (const status of [200, 404]) expect(tally.get(`${form} ${status}`), `${form} ${status}`).toBeGreaterThan(0);
  }, 120_000);
});
