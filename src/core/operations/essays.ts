// The essays capability: its operations, each declaring its input, output, errors and doors (the
// REST routes and MCP tools are derived from them).
import { z } from 'zod';
import { EssayItemSchema, toEssayItem } from '../content/content-data.ts';
import { askSources, SEARCH_LIMIT, SearchTextSchema } from './ask.ts';
import { SlugSchema } from './common-inputs.ts';
import { NotFoundError } from './errors.ts';
import { defineOperation, type AnyOperation } from './operation.ts';
import { pageBody, PaginationSchema } from '../pagination.ts';

export const EssaysListResponseSchema = z
  .object({
    total: z.int(),
    limit: z.int(),
    essays: z.array(EssayItemSchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    pagination: PaginationSchema,
  })
  .meta({ id: 'EssaysListResponse' });

/** What listing the essays takes: the one place its limits are written (the route derives its query). */
export const EssaysListInputSchema = z.object({
  tag: z
    .string()
    .max(100)
    .optional()
    .describe('Only essays with this topic tag')
    .meta({ examples: ['ai'] }),
  limit: z.int().min(1).max(200).default(50).describe('Items per page, 1 to 200 (default 50)'),
  page: z.int().min(1).default(1).describe('Page number (default 1)'),
});

export const listEssays = defineOperation({
  summary: 'List published essays, newest first',
  description:
    'Pages through the essays (title, description, tags, dates, URLs of the page and its Markdown twin). Follow ' +
    'next_cursor until it is null; a cursor past the last page answers an empty page.',
  errors: ['invalid_parameter', 'invalid_cursor'],
  rest: {
    method: 'GET',
    path: '/api/v1/essays',
    aliases: ['/api/essays'],
    operationId: 'listEssays',
    tags: ['Content'],
    answers: 'A page of essays',
    directoryName: 'essays',
    cacheControl: 'public, max-age=300',
  },
  input: EssaysListInputSchema,
  output: EssaysListResponseSchema,
  fixed: true,
  run: ({ tag, limit, page }, { deps }) => pageBody(deps.content.listEssays({ tag, limit, page }), 'essays'),
});

const EssayHitSchema = EssayItemSchema.extend({
  passage: z.object({ title: z.string(), url: z.string(), text: z.string() }).describe('The best-matching passage'),
});

/** Essays by meaning: the ask index's essay sources, one per essay, each with its best passage. */
export const searchEssays = defineOperation({
  summary: 'Search the essays',
  input: z.object({
    query: SearchTextSchema,
    tag: z.string().max(100).optional().describe('Only essays with this tag'),
    limit: SEARCH_LIMIT,
  }),
  output: z.object({ query: z.string(), total: z.int(), essays: z.array(EssayHitSchema) }),
  tool: {
    name: 'search_essays',
    title: 'Search the essays',
    description:
      'Full-text search over the long-form essays (ranked, stemmed); returns each matching essay with its best passage.',
    text: (
      { query, essays }: { query: string; essays: z.infer<typeof EssayHitSchema>[] },
      { tag }: { tag?: string },
    ) =>
      essays.length
        ? `Essays matching "${query}":\n${essays.map((essay) => `- ${essay.title} (${essay.date}): ${essay.url}\n  ${essay.passage.text}`).join('\n')}`
        : `No essay matches "${query}"${tag ? ` with tag ${tag}` : ''}.`,
  },
  fixed: true,
  run: async ({ query, tag, limit }, context) => {
    const seen = new Set<string>();
    const essays = (await askSources(query, 'essay', context)).flatMap((source) => {
      const essay = context.deps.content.essay(source.slug);
      if (!essay || seen.has(source.slug) || (tag && !essay.tags.includes(tag.toLowerCase()))) return [];
      seen.add(source.slug);
      return [{ ...toEssayItem(essay), passage: { title: source.title, url: source.url, text: source.snippet } }];
    });
    return { query, total: essays.length, essays: essays.slice(0, limit) };
  },
});

/** One essay's full text as Markdown (its twin), with its metadata. */
export const getEssay = defineOperation({
  summary: 'Read an essay',
  input: z.object({ slug: SlugSchema.meta({ examples: ['attention-and-transformers'] }) }),
  output: z.object({ essay: EssayItemSchema, markdown: z.string() }),
  tool: {
    name: 'get_essay',
    title: 'Read an essay',
    description: 'The full text of one essay as Markdown, with its metadata. Find slugs with search_essays.',
    text: ({ essay, markdown }: { essay: { description: string }; markdown: string }) => markdown || essay.description,
  },
  fixed: true,
  run: async ({ slug }, { deps }) => {
    const essay = deps.content.essay(slug);
    if (!essay) throw new NotFoundError(`No essay has the slug "${slug}".`, 'Use search_essays to find one.');
    const markdown = (await deps.readSiteFile?.(`/essays/${slug}.md`)) ?? '';
    return { essay: toEssayItem(essay), markdown };
  },
});

/** This domain's operations (those with a `tool` are MCP tools too). */
export const essaysOperations: readonly AnyOperation[] = [listEssays, searchEssays, getEssay];
