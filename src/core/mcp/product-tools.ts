// The product MCP server's tools. Searches call the typed operations of the REST routes
// (paper search, ask); reads go to the same content service the routes use.
import { z } from 'zod';
import { EssayItemSchema, GlossaryTermItemSchema, toEssayItem, toGlossaryTermItem } from '../content/content-data.ts';
import { GLOSSARY_CATEGORIES } from '../../content/schemas.ts';
import type { RouteContext } from '../http/route.ts';
import { normaliseQuery } from '../papers/contract/paper-search.ts';
import { askQuestion, AskInputSchema } from '../operations/ask.ts';
import { SearchInputSchema, searchPapers } from '../operations/papers.ts';
import { operations } from '../operations/index.ts';
import { SlugSchema } from '../operations/common-inputs.ts';
import { defineTool, READS_OUR_CONTENT, ToolFailure, toolFrom, type AnyTool, type DerivedToolOutput } from './tool.ts';

const limit = (max: number, fallback: number) =>
  z.int().min(1).max(max).default(fallback).describe(`How many results, 1 to ${max} (default ${fallback})`);
const question = AskInputSchema.shape.question.describe('What to search for, at least 2 characters');

/** The ask operation's sources of one type, as the tools below read them. */
async function askSources(context: RouteContext<unknown, unknown>, query: string, type: 'essay' | 'glossary') {
  const answer = await askQuestion.run(
    { question: query, limit: 20, types: [type] },
    { deps: context.deps, clientAddress: context.request.clientAddress },
  );
  return answer.sources;
}

type SearchInput = Parameters<typeof searchPapers.run>[0];
type SearchOutput = z.infer<typeof searchPapers.output>;

/** search_reports' output over the cached page of its search: the page REST sends, named by its hash. */
async function papersOutput(
  input: SearchInput,
  context: RouteContext<unknown, unknown>,
): Promise<DerivedToolOutput<SearchOutput>> {
  const found = await searchPapers.run(input, {
    deps: context.deps,
    clientAddress: context.request.clientAddress,
  });
  return {
    basis: found.hash,
    render: () => papersText(input, found.value()),
    current: papersOutputLater(input),
  };
}

/**
 * The same search run again later. Made apart from papersOutput's scope, whose closures hold the
 * page: a remembered result keeps this one, and so keeps the input, not the page.
 */
function papersOutputLater(input: SearchInput) {
  return (context: RouteContext<unknown, unknown>) => papersOutput(input, context);
}

function papersText({ query, corpus, sort }: SearchInput, body: SearchOutput) {
  const lines = body.results.map((paper, index) => {
    const by = paper.authors.length > 0 ? `${paper.authors.join(', ')}. ` : '';
    return `${index + 1}. ${by}${paper.title} (${paper.publication_date ?? paper.date}, ${paper.source}), ${paper.citations} citations: ${paper.url}`;
  });
  const order = { citations: 'most cited', relevance: 'best matching', date: 'newest' }[sort];
  return {
    text: `${body.total} papers in ${corpus} for "${query}"; the ${body.results.length} ${order}:\n${lines.join('\n')}`,
    structured: body,
  };
}

export const searchReports = defineTool({
  name: 'search_reports',
  title: 'Search academic papers',
  description:
    'Search titles and abstracts of academic papers in the ai or web3 corpus of the OpenAlex index: most cited first, ' +
    'or by relevance or newest first, optionally within publication years. Returns title, authors, source, year, ' +
    'publication date, ' +
    'category, type, citation count, OpenAlex id, DOI and an open-access link where there is one.',
  input: SearchInputSchema.pick({ query: true, corpus: true, sort: true, year_from: true, year_to: true }).extend({
    limit: limit(50, 10),
  }),
  output: searchPapers.output,
  annotations: { ...READS_OUR_CONTENT, openWorldHint: true },
  run: ({ query, corpus, limit: size, sort, year_from, year_to }, context) =>
    papersOutput({ query: normaliseQuery(query), corpus, limit: size, page: 1, sort, year_from, year_to }, context),
});

const EssayHitSchema = EssayItemSchema.extend({
  passage: z.object({ title: z.string(), url: z.string(), text: z.string() }).describe('The best-matching passage'),
});

export const searchEssays = defineTool({
  deterministic: true,
  name: 'search_essays',
  title: 'Search the essays',
  description:
    'Full-text search over the long-form essays (ranked, stemmed); returns each matching essay with its best passage.',
  input: z.object({
    query: question,
    tag: z.string().max(100).optional().describe('Only essays with this tag'),
    limit: limit(50, 10),
  }),
  output: z.object({ query: z.string(), total: z.int(), essays: z.array(EssayHitSchema) }),
  annotations: READS_OUR_CONTENT,
  run: async ({ query: q, tag, limit: size }, context) => {
    const seen = new Set<string>();
    const essays = (await askSources(context, q, 'essay')).flatMap((source) => {
      const essay = context.deps.content.essay(source.slug);
      if (!essay || seen.has(source.slug) || (tag && !essay.tags.includes(tag.toLowerCase()))) return [];
      seen.add(source.slug);
      return [{ ...toEssayItem(essay), passage: { title: source.title, url: source.url, text: source.snippet } }];
    });
    const shown = essays.slice(0, size);
    const lines = shown.map((essay) => `- ${essay.title} (${essay.date}): ${essay.url}\n  ${essay.passage.text}`);
    return {
      text: shown.length
        ? `Essays matching "${q}":\n${lines.join('\n')}`
        : `No essay matches "${q}"${tag ? ` with tag ${tag}` : ''}.`,
      structured: { query: q, total: essays.length, essays: shown },
    };
  },
});

export const getEssay = defineTool({
  deterministic: true,
  name: 'get_essay',
  title: 'Read an essay',
  description: 'The full text of one essay as Markdown, with its metadata. Find slugs with search_essays.',
  input: z.object({ slug: SlugSchema.meta({ examples: ['attention-and-transformers'] }) }),
  output: z.object({ essay: EssayItemSchema, markdown: z.string() }),
  annotations: READS_OUR_CONTENT,
  run: async ({ slug: wanted }, context) => {
    const essay = context.deps.content.essay(wanted);
    if (!essay) throw new ToolFailure(`No essay has the slug "${wanted}"; use search_essays to find one.`);
    const markdown = (await context.deps.readSiteFile?.(`/essays/${wanted}.md`)) ?? '';
    return { text: markdown || essay.description, structured: { essay: toEssayItem(essay), markdown } };
  },
});

export const searchGlossary = defineTool({
  deterministic: true,
  name: 'search_glossary',
  title: 'Search the glossary',
  description: 'Find AI and Web3 glossary terms by name, abbreviation or meaning; returns plain-language definitions.',
  input: z.object({
    query: question,
    category: z.enum(GLOSSARY_CATEGORIES).optional().describe('Only terms in this category'),
    limit: limit(50, 10),
  }),
  output: z.object({ query: z.string(), total: z.int(), terms: z.array(GlossaryTermItemSchema) }),
  annotations: READS_OUR_CONTENT,
  run: async ({ query: q, category, limit: size }, context) => {
    const terms = (await askSources(context, q, 'glossary')).flatMap((source) => {
      const term = context.deps.content.term(source.slug);
      return term && (!category || term.category === category) ? [toGlossaryTermItem(term)] : [];
    });
    const shown = terms.slice(0, size);
    return {
      text: shown.length
        ? shown.map((term) => `${term.term}: ${term.definition} (${term.url})`).join('\n')
        : `No glossary term matches "${q}".`,
      structured: { query: q, total: terms.length, terms: shown },
    };
  },
});

export const getGlossaryTerm = defineTool({
  deterministic: true,
  name: 'get_glossary_term',
  title: 'Read a glossary term',
  description:
    'One glossary term: definition, longer explanation (Markdown) and related terms. Find slugs with search_glossary.',
  input: z.object({ slug: SlugSchema.meta({ examples: ['account-abstraction'] }) }),
  output: z.object({
    term: GlossaryTermItemSchema,
    related: z.array(z.object({ slug: z.string(), term: z.string(), url: z.string() })),
    markdown: z.string(),
  }),
  annotations: READS_OUR_CONTENT,
  run: async ({ slug: wanted }, context) => {
    const term = context.deps.content.term(wanted);
    if (!term) throw new ToolFailure(`No glossary term has the slug "${wanted}"; use search_glossary to find one.`);
    const markdown = (await context.deps.readSiteFile?.(`/glossary/${wanted}.md`)) ?? '';
    const related = term.related.flatMap((other) => {
      const found = context.deps.content.term(other);
      return found ? [{ slug: found.slug, term: found.term, url: found.url }] : [];
    });
    return {
      text: markdown || `${term.term}: ${term.definition}`,
      structured: { term: toGlossaryTermItem(term), related, markdown },
    };
  },
});

/** The tools written here, then one for each operation that declares one (operations/index.ts). */
export const PRODUCT_TOOLS: readonly AnyTool[] = [
  searchReports,
  searchEssays,
  getEssay,
  searchGlossary,
  getGlossaryTerm,
  ...operations.flatMap((operation) => (operation.tool ? [toolFrom(operation, operation.tool)] : [])),
];
