// Issue 47 point 2, the output budget: no tool's text and no tool's structuredContent passes 100,000
// characters (about 25k tokens, Claude Code's default cap on a tool's output) at its largest arguments.
// The tools come from tools/list of both MCP servers, so a new tool is measured without being named
// here; its largest arguments come from its input schema: every integer at its maximum, every array
// of choices with all of them, required strings from the schema's examples, and one call per value of
// each optional choice (filters and cursors left out). The stand-in serves synthetic works made as large as real ones get (100
// authors with long names, long titles, an abstract) and knows the examples: the example paper is
// cited by 300 works and cites 300, the example author wrote them all, every title holds the example
// query. A tool whose example the stand-in does not know fails here, loudly: give the stand-in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';
import { syntheticWorks } from '../support/synthetic-works.mjs';

const BUDGET = 100_000;
const COUNT = 400;
/** The examples the published schemas give for a paper, an author and a paper search. */
const PAPER_DOI = '10.48550/arXiv.1706.03762';
const AUTHOR = 'A5023888391';
const AUTHOR_NAME = 'Yoshua Bengio';
const TITLE_WORD = 'transformers';

const workId = (n: number) => `https://openalex.org/W8${String(n).padStart(9, '0')}`;
const authorships = Array.from({ length: 100 }, (_, index) => {
  const name = `${AUTHOR_NAME} Bartholomew-Maximilian Q. Featherstonehaugh ${index}`;
  return { author: { id: `https://openalex.org/${index === 0 ? AUTHOR : `A90000${index}`}`, display_name: name } };
});
const works = [...syntheticWorks(COUNT)].map((work, index) => {
  const title = `${String(work['title'])}: ${TITLE_WORD}, ${'a deliberately long subtitle that goes on '.repeat(5)}`;
  // The first work is the example paper: it cites the next 300 and every other work cites it.
  const cited = index === 0 ? Array.from({ length: 300 }, (_, n) => workId(n + 2)) : [workId(1)];
  return {
    ...work,
    title,
    display_name: title,
    doi: index === 0 ? `https://doi.org/${PAPER_DOI}` : `https://doi.org/10.5555/synthetic.${index}.${'x'.repeat(40)}`,
    authorships,
    referenced_works: cited,
    referenced_works_count: cited.length,
    related_works: index === 0 ? Array.from({ length: 50 }, (_, n) => workId(n + 2)) : [],
  };
});

/** Arguments the schema's examples cannot show at their largest: a citation file of 50 distinct papers. */
const LARGER: Record<string, Array<Record<string, unknown>>> = {
  cite_papers: ['bibtex', 'csl'].map((format) => ({
    ids: Array.from({ length: 50 }, (_, n) =>
      workId(n + 1)
        .split('/')
        .pop(),
    ),
    format,
  })),
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maximum?: number;
  maxItems?: number;
  enum?: unknown[];
  default?: unknown;
  items?: JsonSchema;
  examples?: unknown[];
}
interface ListedTool {
  name: string;
  inputSchema: JsonSchema;
}

/**
 * A value at its largest, or undefined when leaving the argument out is its largest: an integer with a
 * default is a size (a limit), at its maximum; one without is a filter (a year), left out like cursors.
 */
function largest(schema: JsonSchema, required: boolean): unknown {
  if (schema.type === 'integer' && schema.maximum !== undefined && (required || schema.default !== undefined)) {
    return schema.maximum;
  }
  if (schema.type === 'array' && schema.items?.enum) return schema.items.enum.slice(0, schema.maxItems);
  if (required) return schema.examples?.[0] ?? schema.enum?.[0];
  return undefined;
}

/** The tool's largest arguments, and the same once more for each other value of an optional choice. */
function largestCalls(tool: ListedTool): Array<Record<string, unknown>> {
  const properties = tool.inputSchema.properties ?? {};
  const required = new Set(tool.inputSchema.required ?? []);
  const base: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const value = largest(schema, required.has(name));
    if (value !== undefined) base[name] = value;
  }
  const variants = Object.entries(properties).flatMap(([name, schema]) =>
    schema.type === 'string' && schema.enum && !required.has(name)
      ? schema.enum.filter((value) => value !== schema.default).map((value) => ({ ...base, [name]: value }))
      : [],
  );
  return [base, ...variants, ...(LARGER[tool.name] ?? [])];
}

let standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>>;
let server: TestServer;
beforeAll(async () => {
  standIn = await startOpenAlexStandIn({ works });
  server = await startTestServer({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false' });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

const ENDPOINTS = { product: '/.well-known/mcp', docs: '/.well-known/mcp/docs' };

const rpc = async (endpoint: string, method: string, params: Record<string, unknown>) =>
  (
    await http(`${server.url}${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json();

/** A tool's answer measured: characters of its text and of its structuredContent as JSON. */
async function measure(endpoint: string, name: string, args: Record<string, unknown>) {
  const answer = await rpc(endpoint, 'tools/call', { name, arguments: args });
  const result = answer.result as {
    isError?: boolean;
    content: Array<{ text: string }>;
    structuredContent?: unknown;
  };
  const text = result?.content?.map((part) => part.text).join('') ?? '';
  return { answer, result, text: text.length, structured: JSON.stringify(result?.structuredContent ?? null).length };
}

describe.each(Object.entries(ENDPOINTS))('the output budget of every tool of the %s MCP server', (_, endpoint) => {
  it('lists its tools in under 100,000 characters too: tools/list lands in the same context', async () => {
    const listed = await http(`${server.url}${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const tools = listed.json().result.tools as Array<{ outputSchema?: object }>;
    const outputSchemas = tools.reduce((sum, tool) => sum + JSON.stringify(tool.outputSchema ?? {}).length, 0);
    console.log(`${endpoint} tools/list: ${listed.text.length} characters, ${outputSchemas} of them output schemas`);
    expect(listed.text.length).toBeLessThanOrEqual(BUDGET);
  });

  it('answers under 100,000 characters of text and of structuredContent at the largest arguments', async () => {
    const tools: ListedTool[] = (await rpc(endpoint, 'tools/list', {})).result.tools;
    expect(tools.length).toBeGreaterThanOrEqual(5);
    const rows: string[] = [];
    for (const tool of tools) {
      for (const args of largestCalls(tool)) {
        const { answer, result, text, structured } = await measure(endpoint, tool.name, args);
        rows.push(`${tool.name} ${JSON.stringify(args).slice(0, 70)}: text ${text}, structured ${structured}`);
        // Soft, so that one failure still measures every other tool.
        expect.soft(result?.isError, `${tool.name}: ${JSON.stringify(answer).slice(0, 400)}`).toBeFalsy();
        expect.soft(text, tool.name).toBeGreaterThan(0);
        expect.soft(text, `${tool.name} text`).toBeLessThanOrEqual(BUDGET);
        expect.soft(structured, `${tool.name} structuredContent`).toBeLessThanOrEqual(BUDGET);
      }
    }
    console.log(rows.join('\n'));
  });
});

describe('the documentation tools, a part at a time', () => {
  const docs = ENDPOINTS.docs;

  it('get_api_documentation {} is a table of contents, and every section it names answers within the budget', async () => {
    const { result } = await measure(docs, 'get_api_documentation', {});
    const { sections, url } = result.structuredContent as { sections: Array<{ id: string }>; url: string };
    expect(url).toMatch(/\/api-docs\.md$/);
    expect(sections.map((section) => section.id)).toEqual(expect.arrayContaining(['overview', 'errors', 'papers']));
    expect(result.content[0]?.text).toContain('{"section": "<id>"}');
    for (const { id } of sections) {
      const part = await measure(docs, 'get_api_documentation', { section: id });
      expect.soft(part.result.isError, id).toBeFalsy();
      expect.soft((part.result.structuredContent as { section: { id: string } }).section.id).toBe(id);
      expect.soft(Math.max(part.text, part.structured), id).toBeLessThanOrEqual(BUDGET);
    }
  });

  it('get_openapi_specification {} is an index; every operation, tag and path answers within the budget', async () => {
    const whole = (await http(`${server.url}/openapi.json`)).json() as { paths: Record<string, object> };
    const { result } = await measure(docs, 'get_openapi_specification', {});
    const index = result.structuredContent as {
      document_url: string;
      operations: Array<{ operation_id: string; method: string; path: string; summary: string; tags: string[] }>;
      tags: Array<{ name: string }>;
    };
    expect(index.document_url).toMatch(/\/openapi\.json$/);
    // Every operation of the whole document is in the index.
    const listed = new Set(index.operations.map((entry) => `${entry.method} ${entry.path}`));
    for (const [path, methods] of Object.entries(whole.paths)) {
      for (const method of Object.keys(methods)) expect(listed, path).toContain(`${method.toUpperCase()} ${path}`);
    }
    for (const entry of index.operations) {
      const part = await measure(docs, 'get_openapi_specification', { operation: entry.operation_id });
      const paths = (part.result.structuredContent as { paths: Record<string, Record<string, unknown>> }).paths;
      expect
        .soft(paths[entry.path]?.[entry.method.toLowerCase()], entry.operation_id)
        .toEqual((whole.paths[entry.path] as Record<string, unknown>)[entry.method.toLowerCase()]);
      expect.soft(Math.max(part.text, part.structured), entry.operation_id).toBeLessThanOrEqual(BUDGET);
    }
    for (const { name } of index.tags) {
      const part = await measure(docs, 'get_openapi_specification', { tag: name });
      expect.soft(part.result.isError, name).toBeFalsy();
      expect.soft(Math.max(part.text, part.structured), name).toBeLessThanOrEqual(BUDGET);
    }
    for (const path of Object.keys(whole.paths)) {
      const part = await measure(docs, 'get_openapi_specification', { path });
      expect.soft(Object.keys((part.result.structuredContent as { paths: object }).paths), path).toEqual([path]);
      expect.soft(Math.max(part.text, part.structured), path).toBeLessThanOrEqual(BUDGET);
    }
  });

  it('get_openapi_specification refuses an unknown name, and more than one choice, saying what to give', async () => {
    const unknown = await measure(docs, 'get_openapi_specification', { operation: 'noSuchOperation' });
    expect(unknown.result.isError).toBe(true);
    expect(JSON.stringify(unknown.result.content)).toContain('getPaper');
    const both = await rpc(docs, 'tools/call', {
      name: 'get_openapi_specification',
      arguments: { tag: 'Papers', path: '/' },
    });
    expect(JSON.stringify(both)).toMatch(/one of operation, tag or path/);
  });
});
