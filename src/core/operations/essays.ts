// The essays capability: its operations, each declaring its input, output, errors and doors (the
// REST routes and MCP tools are derived from them).
import { z } from 'zod';
import { EssayItemSchema, toEssayItem, type EssayRecord } from '../content/content-data.ts';
import type { ContentService } from '../content/content-service.ts';
import type { AppDeps } from '../deps.ts';
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

const RelatedEssaySchema = EssayItemSchema.extend({
  shared_tags: z.array(z.string()).describe('Topic tags both essays carry'),
  shared_terms: z.array(z.string()).describe('Slugs of the glossary terms both essays link to'),
  score: z.int().min(1).describe('Shared tags count 3 each, shared glossary terms 1 each'),
});

type SiteReader = AppDeps['readSiteFile'];
/** Each essay's slug to the glossary terms its Markdown twin links to: the links its author chose. */
type LinkedTerms = ReadonlyMap<string, ReadonlySet<string>>;

async function readLinkedTerms(essays: readonly EssayRecord[], readSiteFile: SiteReader): Promise<LinkedTerms> {
  const read = async (slug: string) => {
    const markdown = (await readSiteFile?.(`/essays/${slug}.md`)) ?? '';
    return new Set([...markdown.matchAll(/\/glossary\/([a-z0-9-]+)[)#]/g)].map(([, term = '']) => term));
  };
  return new Map(await Promise.all(essays.map(async ({ slug }) => [slug, await read(slug)] as const)));
}

const linkedTermsMemo = new WeakMap<ContentService, { readSiteFile: SiteReader; terms: Promise<LinkedTerms> }>();

/**
 * Every essay's linked terms, read on the first call and kept for the content's life: the twins are
 * built with the site and do not change while it is served, and each call needs them all (before,
 * each call read every twin again). A failed read is not kept, so the next call reads again.
 */
function linkedTermsOf({ content, readSiteFile }: Pick<AppDeps, 'content' | 'readSiteFile'>): Promise<LinkedTerms> {
  const known = linkedTermsMemo.get(content);
  if (known && known.readSiteFile === readSiteFile) return known.terms;
  const terms = readLinkedTerms(content.essays, readSiteFile);
  linkedTermsMemo.set(content, { readSiteFile, terms });
  terms.catch(() => {
    if (linkedTermsMemo.get(content)?.terms === terms) linkedTermsMemo.delete(content);
  });
  return terms;
}

/** Essays related to one essay: those sharing its topic tags and the glossary terms it links to. */
export const listRelatedEssays = defineOperation({
  summary: 'List the essays related to an essay',
  description:
    'Essays that share topic tags or linked glossary terms with this one, most related first: each shared tag ' +
    'counts 3, each shared term 1; ties go to the newer essay. Essays sharing nothing are left out.',
  errors: ['invalid_parameter', 'not_found'],
  rest: {
    method: 'GET',
    path: '/api/v1/essays/{slug}/related',
    operationId: 'listRelatedEssays',
    tags: ['Content'],
    answers: 'The essays related to this one, most related first',
    directoryName: 'related_essays',
    cacheControl: 'public, max-age=300',
  },
  input: z.object({
    slug: SlugSchema.meta({ examples: ['attention-and-transformers'] }),
    limit: z.int().min(1).max(50).default(5).describe('How many essays, 1 to 50 (default 5)'),
  }),
  output: z
    .object({ essay: EssayItemSchema, total: z.int().min(0), related: z.array(RelatedEssaySchema) })
    .meta({ id: 'RelatedEssaysResponse' }),
  tool: {
    name: 'list_related_essays',
    title: 'Essays related to an essay',
    description:
      'The essays that share topic tags or glossary terms with one essay (by slug), most related first. ' +
      'Find slugs with search_essays.',
    text: ({ essay, related }: { essay: { title: string }; related: z.infer<typeof RelatedEssaySchema>[] }) =>
      related.length
        ? `Essays related to "${essay.title}":\n${related.map((each) => `- ${each.title}: ${each.url} (shares ${[...each.shared_tags, ...each.shared_terms].join(', ')})`).join('\n')}`
        : `No essay shares a tag or a glossary term with "${essay.title}".`,
  },
  fixed: true,
  run: async ({ slug, limit }, { deps }) => {
    const essay = deps.content.essay(slug);
    if (!essay) throw new NotFoundError(`No essay has the slug "${slug}".`, 'List the essays at /api/v1/essays.');
    const linked = await linkedTermsOf(deps);
    const terms = linked.get(slug) ?? new Set<string>();
    const related: z.infer<typeof RelatedEssaySchema>[] = [];
    // deps.content.essays is newest first, so a stable sort by score leaves ties newest first.
    for (const other of deps.content.essays) {
      if (other.slug === slug) continue;
      const shared_tags = other.tags.filter((tag) => essay.tags.includes(tag));
      const shared_terms = [...(linked.get(other.slug) ?? [])].filter((term) => terms.has(term));
      const score = 3 * shared_tags.length + shared_terms.length;
      if (score > 0) related.push({ ...toEssayItem(other), shared_tags, shared_terms, score });
    }
    related.sort((a, b) => b.score - a.score);
    return { essay: toEssayItem(essay), total: related.length, related: related.slice(0, limit) };
  },
});

/** This domain's operations (those with a `tool` are MCP tools too). */
export const essaysOperations: readonly AnyOperation[] = [listEssays, searchEssays, getEssay, listRelatedEssays];
