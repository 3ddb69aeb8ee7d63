// Issue 47: a small literature review scripted through the MCP SDK v2 client against the built server
// and the OpenAlex stand-in: a search and its second page by the returned cursor, a paper by arXiv id,
// an author and their works, related papers, references and BibTeX. Every tool output stays within
// the budget an agent's client allows (100,000 characters of text, the same of structuredContent), and
// the BibTeX, read back by an independent parser, types each kind of work as a reference manager wants.
import { parseAsync } from '@retorquere/bibtex-parser';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureWorks } from '../support/fixtures.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const BUDGET = 100_000;
const running = useServerWithStandIn();

type Work = Record<string, any>;
const shortId = (id: string) => id.split('/').pop()!;
/** The fixture works the review cites, one of each kind, chosen by what their records say. */
const arxivPreprint = fixtureWorks.ai.find(
  (work: Work) => work['type'] === 'preprint' && work['authorships']?.some((a: Work) => a.author?.id),
)!;
const proceedingsPaper = fixtureWorks.ai.find(
  (work: Work) => work['primary_location']?.source?.type === 'conference' && work['authorships']?.length,
)!;
const journalArticle = fixtureWorks.ai.find(
  (work: Work) =>
    work['primary_location']?.source?.type === 'journal' &&
    work['authorships']?.some((a: Work) => /[^ -~]/.test(a.author?.display_name ?? '')),
)!;
const arxivIdOf = (work: Work) => /arxiv\.(.+)$/i.exec(String(work['doi']))![1]!;

/** Every call's outputs, measured. */
const measured: Array<{ tool: string; text: number; structured: number }> = [];
let client: Client;

async function call(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('\n');
  expect(result.isError, `${name}: ${text.slice(0, 300)}`).toBeFalsy();
  measured.push({ tool: name, text: text.length, structured: JSON.stringify(result.structuredContent).length });
  return { text, data: result.structuredContent };
}

beforeAll(async () => {
  client = new Client(
    { name: 'literature-review', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${running.server.url}/.well-known/mcp`)));
});
afterAll(() => client?.close());

describe('a literature review through the SDK v2 client', () => {
  it('the fixtures hold one work of each kind the review cites', () => {
    expect([arxivPreprint, proceedingsPaper, journalArticle].map((work) => work?.['id'])).not.toContain(undefined);
  });

  it('searches, then reads page 2 by the cursor page 1 returned: other works, none repeated', async () => {
    const first = await call('search_reports', { query: 'learning', corpus: 'ai', limit: 4 });
    expect(first.data.has_more).toBe(true);
    expect(typeof first.data.next_cursor).toBe('string');
    const second = await call('search_reports', {
      query: 'learning',
      corpus: 'ai',
      limit: 4,
      cursor: first.data.next_cursor,
    });
    const ids = (page: any) => page.data.results.map((item: Work) => item['id']);
    expect(ids(first)).toHaveLength(4);
    expect(ids(second).length).toBeGreaterThan(0);
    expect(ids(second).filter((id: string) => ids(first).includes(id))).toEqual([]);
    // Each result's text names its OpenAlex id, so the agent can ask for the paper by it.
    for (const id of ids(second)) expect(second.text).toContain(shortId(id));
  });

  it('reads a paper by its arXiv id, then its author, their profile and works', async () => {
    const paper = await call('get_paper', { id: `arXiv:${arxivIdOf(arxivPreprint)}` });
    expect(shortId(paper.data.id)).toBe(shortId(arxivPreprint['id']));
    const firstAuthor = arxivPreprint['authorships'][0].author;
    const found = await call('search_authors', { query: firstAuthor.display_name.split(' ').at(-1) });
    const match = found.data.results.find((author: Work) => shortId(author['id']) === shortId(firstAuthor.id));
    expect(match, JSON.stringify(found.data.results)).toBeDefined();
    const profile = await call('get_author', { id: shortId(firstAuthor.id) });
    expect(profile.data.name).toBe(firstAuthor.display_name);
    expect(JSON.stringify(profile.data.top_works)).toContain(shortId(arxivPreprint['id']));
    const works = await call('author_works', { id: shortId(firstAuthor.id), limit: 5 });
    expect(works.data.results.map((item: Work) => shortId(item['id']))).toContain(shortId(arxivPreprint['id']));
  });

  it('lists related papers and references: works the record names', async () => {
    const id = shortId(arxivPreprint['id']);
    const related = await call('related_papers', { id, limit: 5 });
    const relatedIds = related.data.results.map((item: Work) => shortId(item['id']));
    expect(relatedIds.length).toBeGreaterThan(0);
    for (const relatedId of relatedIds) expect(arxivPreprint['related_works'].map(shortId)).toContain(relatedId);
    const references = await call('paper_references', { id, limit: 10 });
    const referenceIds = references.data.results.map((item: Work) => shortId(item['id']));
    expect(referenceIds.length).toBeGreaterThan(0);
    for (const referenceId of referenceIds)
      expect(arxivPreprint['referenced_works'].map(shortId)).toContain(referenceId);
  });

  it('cites the three kinds as BibTeX a reference manager accepts', async () => {
    const works = [arxivPreprint, proceedingsPaper, journalArticle];
    const cited = await call('cite_papers', { ids: works.map((work) => shortId(work['id'])), format: 'bibtex' });
    expect(cited.data.count).toBe(3);
    const bibtex: string = cited.data.text;
    const parsed = await parseAsync(bibtex, { sentenceCase: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries).toHaveLength(3);
    const [preprint, proceedings, article] = parsed.entries;
    expect(preprint?.type).toBe('misc');
    expect(preprint?.fields['eprint']).toBe(arxivIdOf(arxivPreprint));
    expect(String(preprint?.fields['archiveprefix'] ?? preprint?.fields['eprinttype'])).toMatch(/^arxiv$/i);
    expect(proceedings?.type).toBe('inproceedings');
    expect(proceedings?.fields['booktitle']).toBe(proceedingsPaper['primary_location'].source.display_name);
    expect(article?.type).toBe('article');
    expect(article?.fields['journal']).toBe(journalArticle['primary_location'].source.display_name);
    for (const entry of parsed.entries) {
      for (const field of ['journal', 'booktitle', 'howpublished', 'publisher']) {
        expect(String(entry.fields[field] ?? ''), `${entry.key} ${field}`).not.toMatch(/^([a-z0-9-]+\.)+[a-z]{2,}$/i);
      }
    }
    // No field twice in one entry, read from the text itself (a parser keeps one of two).
    for (const entry of bibtex.split(/\n(?=@)/).filter((text) => text.trim())) {
      const names = [...entry.matchAll(/^\s*([A-Za-z]+)\s*=/gm)].map((match) => match[1]!.toLowerCase());
      expect(names.length, entry).toBeGreaterThan(3);
      expect(new Set(names).size, entry).toBe(names.length);
    }
    // Unicode names kept (as UTF-8 or a LaTeX accent the parser reads back to the same letter).
    const unicodeAuthor = journalArticle['authorships'].find((a: Work) => /[^ -~]/.test(a.author.display_name));
    const authors = article?.fields['author'] as Array<{ firstName?: string; lastName?: string }>;
    const names = authors.map((name) => `${name.firstName ?? ''} ${name.lastName ?? ''}`.trim().normalize('NFC'));
    expect(names).toContain(unicodeAuthor.author.display_name.normalize('NFC'));
  });

  it('kept every output within the budget', () => {
    expect(new Set(measured.map((call) => call.tool))).toEqual(
      new Set([
        'search_reports',
        'get_paper',
        'search_authors',
        'get_author',
        'author_works',
        'related_papers',
        'paper_references',
        'cite_papers',
      ]),
    );
    for (const call of measured) {
      expect(call.text, call.tool).toBeLessThan(BUDGET);
      expect(call.structured, call.tool).toBeLessThan(BUDGET);
    }
  });
});
