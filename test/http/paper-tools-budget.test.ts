// Issue 47 point 2, for the paper tools: no tool's text passes 100,000 characters (about 25k tokens,
// Claude Code's default cap on a tool's output) at its largest arguments. The stand-in serves
// synthetic works made as large as real ones get: 100 authors with long names, long titles, an
// abstract, one paper cited by 300 works and one citing 300. Every paper tool the server lists must
// have its largest arguments here, so a new one cannot escape the measure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';
import { syntheticWorks } from '../support/synthetic-works.mjs';

const BUDGET = 100_000;
const COUNT = 400;
const hub = 'W8000000001';
const last = `W8${String(COUNT).padStart(9, '0')}`;

const authorships = Array.from({ length: 100 }, (_, index) => ({
  author: {
    id: `https://openalex.org/A90000${index}`,
    display_name: `Bartholomew-Maximilian Q. Featherstonehaugh ${index}`,
  },
  raw_author_name: `Bartholomew-Maximilian Q. Featherstonehaugh ${index}`,
}));
const works = [...syntheticWorks(COUNT)].map((work, index) => {
  const ids = (work['referenced_works'] as string[]).filter((id) => !id.endsWith(hub));
  const cited =
    index === COUNT - 1
      ? Array.from({ length: 300 }, (_, n) => `https://openalex.org/W8${String(n + 1).padStart(9, '0')}`)
      : [`https://openalex.org/${hub}`, ...ids];
  return {
    ...work,
    title: `${String(work['title'])}: ${'a deliberately long subtitle that goes on '.repeat(5)}`,
    display_name: `${String(work['title'])}: ${'a deliberately long subtitle that goes on '.repeat(5)}`,
    doi: `https://doi.org/10.5555/synthetic.${index}.${'x'.repeat(40)}`,
    authorships,
    referenced_works: index === 0 ? [] : cited,
    referenced_works_count: index === 0 ? 0 : cited.length,
    related_works:
      index === 0
        ? Array.from({ length: 50 }, (_, n) => `https://openalex.org/W8${String(n + 2).padStart(9, '0')}`)
        : [],
  };
});
const ids = works.slice(0, 50).map((work) =>
  String((work as Record<string, unknown>)['id'])
    .split('/')
    .pop(),
);

/** Each paper tool's largest arguments (the maximum of every bound). */
const LARGEST: Record<string, Array<Record<string, unknown>>> = {
  search_reports: [{ query: 'learning', limit: 50 }],
  get_paper: [{ id: hub }],
  paper_citations: [{ id: hub, limit: 200 }],
  paper_references: [{ id: last, limit: 200 }],
  search_authors: [{ query: 'Featherstonehaugh', limit: 100 }],
  get_author: [{ id: 'A900000' }],
  author_works: [{ id: 'A900000', limit: 200 }],
  related_papers: [{ id: hub, limit: 50 }],
  cite_papers: [
    { ids, format: 'bibtex' },
    { ids, format: 'csl' },
  ],
};
const PAPER_TOOL = /paper|author|search_reports|cite/;

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

const rpc = async (method: string, params: Record<string, unknown>) =>
  (
    await http(`${server.url}/.well-known/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json();

describe('the output budget of the paper tools', () => {
  it('has the largest arguments of every paper tool the server lists', async () => {
    const names: string[] = (await rpc('tools/list', {})).result.tools.map((tool: { name: string }) => tool.name);
    const paperTools = names.filter((name) => PAPER_TOOL.test(name));
    expect(paperTools.length).toBeGreaterThanOrEqual(9);
    for (const name of paperTools) expect(Object.keys(LARGEST), name).toContain(name);
  });

  it.each(Object.entries(LARGEST).flatMap(([name, calls]) => calls.map((args) => [name, args] as const)))(
    '%s at its largest arguments answers under 100,000 characters of text',
    async (name, args) => {
      const answer = await rpc('tools/call', { name, arguments: args });
      expect(answer.result?.isError, JSON.stringify(answer).slice(0, 500)).toBeFalsy();
      const text = answer.result.content.map((part: { text: string }) => part.text).join('');
      const structured = JSON.stringify(answer.result.structuredContent).length;
      console.log(`${name} ${JSON.stringify(args).slice(0, 60)}: text ${text.length}, structured ${structured}`);
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThanOrEqual(BUDGET);
    },
  );
});
