// The glossary capability: its operations, each declaring its input, output, errors and doors (the
// REST routes and MCP tools are derived from them).
import { z } from 'zod';
import { GLOSSARY_CATEGORIES } from '../../content/schemas.ts';
import { GlossaryTermItemSchema, toGlossaryTermItem } from '../content/content-data.ts';
import { askSources, SEARCH_LIMIT, SearchTextSchema } from './ask.ts';
import { SlugSchema } from './common-inputs.ts';
import { NotFoundError } from './errors.ts';
import { defineOperation, type AnyOperation } from './operation.ts';
import { pageBody, PaginationSchema } from '../pagination.ts';

export const GlossaryListResponseSchema = z
  .object({
    total: z.int(),
    limit: z.int(),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    pagination: PaginationSchema,
    terms: z.array(GlossaryTermItemSchema),
  })
  .meta({ id: 'GlossaryListResponse' });

/** What listing the glossary takes: the one place its limits are written (the route derives its query). */
export const GlossaryListInputSchema = z.object({
  category: z.enum(GLOSSARY_CATEGORIES).optional().describe('Only terms in this category'),
  limit: z.int().min(1).max(200).default(100).describe('Items per page, 1 to 200 (default 100)'),
  page: z.int().min(1).default(1).describe('Page number (default 1)'),
});

export const listGlossaryTerms = defineOperation({
  summary: 'List glossary terms, A to Z',
  description:
    'Pages through the glossary: each term with its plain-language definition, category and URLs. Follow ' +
    'next_cursor until it is null; a cursor past the last page answers an empty page.',
  errors: ['invalid_parameter', 'invalid_cursor'],
  rest: {
    method: 'GET',
    path: '/api/v1/glossary',
    aliases: ['/api/glossary'],
    operationId: 'listGlossaryTerms',
    tags: ['Content'],
    answers: 'A page of glossary terms',
    directoryName: 'glossary',
    cacheControl: 'public, max-age=300',
  },
  input: GlossaryListInputSchema,
  output: GlossaryListResponseSchema,
  fixed: true,
  run: ({ category, limit, page }, { deps }) => pageBody(deps.content.listGlossary({ category, limit, page }), 'terms'),
});

export const GlossaryCategoriesSchema = z
  .object({
    categories: z.array(
      z.object({
        category: z.enum(GLOSSARY_CATEGORIES).describe('The category, as the glossary filter takes it'),
        terms: z.int().describe('How many glossary terms it holds'),
        url: z.string().describe('Its page on the site, the terms A to Z'),
      }),
    ),
  })
  .meta({ id: 'GlossaryCategories' });

/** Every category with its term count and page, in the glossary's order of categories. */
export const listGlossaryCategories = defineOperation({
  summary: 'List the glossary categories',
  description: 'Each category with its number of terms and its page on the site; filter the glossary with one.',
  rest: {
    method: 'GET',
    path: '/api/v1/glossary/categories',
    aliases: ['/api/glossary/categories'],
    operationId: 'listGlossaryCategories',
    tags: ['Content'],
    answers: 'The glossary categories',
    directoryName: 'glossary_categories',
    cacheControl: 'public, max-age=300',
  },
  input: z.object({}),
  output: GlossaryCategoriesSchema,
  tool: {
    name: 'list_glossary_categories',
    title: 'List the glossary categories',
    description: 'Each glossary category with its number of terms and its page; pass one to search_glossary.',
  },
  fixed: true,
  run: (_input, { deps }) => ({
    categories: GLOSSARY_CATEGORIES.map((category) => ({
      category,
      terms: deps.content.listGlossary({ category, limit: 1, page: 1 }).total,
      url: `${deps.content.siteUrl}/glossary/category/${category}`,
    })),
  }),
});

type TermItem = z.infer<typeof GlossaryTermItemSchema>;

/** Glossary terms by name, abbreviation or meaning: the ask index's glossary sources. */
export const searchGlossary = defineOperation({
  summary: 'Search the glossary',
  input: z.object({
    query: SearchTextSchema,
    category: z.enum(GLOSSARY_CATEGORIES).optional().describe('Only terms in this category'),
    limit: SEARCH_LIMIT,
  }),
  output: z.object({ query: z.string(), total: z.int(), terms: z.array(GlossaryTermItemSchema) }),
  tool: {
    name: 'search_glossary',
    title: 'Search the glossary',
    description:
      'Find AI and Web3 glossary terms by name, abbreviation or meaning; returns plain-language definitions.',
    text: ({ query, terms }: { query: string; terms: TermItem[] }) =>
      terms.length
        ? terms.map((term) => `${term.term}: ${term.definition} (${term.url})`).join('\n')
        : `No glossary term matches "${query}".`,
  },
  fixed: true,
  run: async ({ query, category, limit }, context) => {
    const terms = (await askSources(query, 'glossary', context)).flatMap((source) => {
      const term = context.deps.content.term(source.slug);
      return term && (!category || term.category === category) ? [toGlossaryTermItem(term)] : [];
    });
    return { query, total: terms.length, terms: terms.slice(0, limit) };
  },
});

/** One glossary term: its definition, longer explanation (its Markdown twin) and related terms. */
export const getGlossaryTerm = defineOperation({
  summary: 'Read a glossary term',
  input: z.object({ slug: SlugSchema.meta({ examples: ['account-abstraction'] }) }),
  output: z.object({
    term: GlossaryTermItemSchema,
    related: z.array(z.object({ slug: z.string(), term: z.string(), url: z.string() })),
    markdown: z.string(),
  }),
  tool: {
    name: 'get_glossary_term',
    title: 'Read a glossary term',
    description:
      'One glossary term: definition, longer explanation (Markdown) and related terms. Find slugs with search_glossary.',
    text: ({ term, markdown }: { term: TermItem; markdown: string }) => markdown || `${term.term}: ${term.definition}`,
  },
  fixed: true,
  run: async ({ slug }, { deps }) => {
    const term = deps.content.term(slug);
    if (!term) throw new NotFoundError(`No glossary term has the slug "${slug}".`, 'Use search_glossary to find one.');
    const markdown = (await deps.readSiteFile?.(`/glossary/${slug}.md`)) ?? '';
    const related = term.related.flatMap((other) => {
      const found = deps.content.term(other);
      return found ? [{ slug: found.slug, term: found.term, url: found.url }] : [];
    });
    return { term: toGlossaryTermItem(term), related, markdown };
  },
});

/** This domain's operations (those with a `tool` are MCP tools too). */
export const glossaryOperations: readonly AnyOperation[] = [
  listGlossaryTerms,
  listGlossaryCategories,
  searchGlossary,
  getGlossaryTerm,
];
