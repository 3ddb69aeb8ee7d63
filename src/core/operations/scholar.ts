// Authors and related papers, as operations (their REST routes and MCP tools are derived from them):
// thin wiring over papers/scholar.ts, which caches and renders, and the sources, which answer.
import { z } from 'zod';
import { MAX_TOOL_PAPERS, toolPaperLimit } from './common-inputs.ts';
import { JsonText } from '../json-text.ts';
import { AUTHOR_ID_PATTERN, AuthorSchema, MAX_SIMILAR, parseAuthorId, type Author } from '../papers/contract/author.ts';
import { RELATED_SORTS, type PaperSchema } from '../papers/contract/paper.ts';
import { shortWorkId } from '../papers/contract/paper-id.ts';
import { normaliseQuery, type SearchOutcome } from '../papers/contract/paper-search.ts';
import { SearchResultItemSchema } from '../papers/contract/search-result-item.ts';
import { authorLine, authorText, paperListText } from '../papers/contract/paper-text.ts';
import {
  authorRecord,
  authorSearchPage,
  authorSearchScope,
  authorWorksPage,
  authorWorksScope,
  similarPage,
} from '../papers/scholar.ts';
import { checkListCursor, ListCursorField, listCursorPageOrThrow } from './list-cursor.ts';
import { defineOperation, type AnyOperation, type OperationContext } from './operation.ts';
import { PaperIdParam, paperOutcome, withFields } from './paper-graph.ts';
import { fieldsInput, ITEM_FIELDS, withChosenFields } from '../papers/contract/field-choice.ts';
import { RESULTS_PAGE_FIELDS, SEARCH_CACHE_CONTROL } from './papers.ts';
import { issue, textInput } from './validation.ts';

const answer = <T>(outcome: SearchOutcome) =>
  Object.assign(new JsonText<T>(outcome.body), { cache: outcome.cache, age: outcome.age });

export const AuthorIdParam = z
  .string()
  .max(100)
  // On the string too, as PaperIdParam: the published input schema (io input) keeps the examples there.
  .meta({ examples: ['A5023888391'] })
  .transform((raw, context): string => {
    const id = parseAuthorId(raw);
    if (id) return id;
    issue(context, 'invalid_author_id', `"${raw.slice(0, 80)}" is not an OpenAlex author id (A5023888391, or its URL)`);
    return z.NEVER;
  })
  .meta({
    type: 'string',
    maxLength: 100,
    pattern: AUTHOR_ID_PATTERN,
    examples: ['A5023888391'],
    description: 'OpenAlex author id (A…, or its https://openalex.org/ URL); find it with the author search',
  });

/** Where an author's answers are, in the API: under Authors, cached like search, with how they were served. */
const authorsRest = { method: 'GET', tags: ['Authors'], cacheControl: SEARCH_CACHE_CONTROL } as const;
const UPSTREAM_ERRORS = ['upstream_error', 'upstream_timeout'] as const;

const authorUrl = (siteUrl: string, id: string) => `${siteUrl}/api/v1/authors/${shortWorkId(id)}`;

// ── Author search ──────────────────────────────────────────────────────────────────────────────────

export const AuthorSearchInputSchema = z.object({
  query: textInput(200)
    .describe('Name, or words of it, at least 2 characters')
    .meta({ examples: ['Yoshua Bengio'] }),
  limit: z.int().min(1).max(100).default(25).describe('Authors per page, 1 to 100 (default 25)'),
  cursor: ListCursorField,
});
type AuthorSearchInput = z.infer<typeof AuthorSearchInputSchema>;
const authorSearchScopeOf = ({ query, limit }: AuthorSearchInput) =>
  authorSearchScope({ q: normaliseQuery(query), limit });

export const AuthorListResponseSchema = z
  .object({
    results: z.array(AuthorSchema).describe('Authors whose name holds every word, most cited first'),
    total: z.int().min(0).describe('How many authors match'),
    ...RESULTS_PAGE_FIELDS,
    query: z.string().describe('The name searched for'),
  })
  .meta({ id: 'AuthorListResponse' });
type AuthorList = z.infer<typeof AuthorListResponseSchema>;

export const searchAuthors = defineOperation({
  summary: 'Search authors by name',
  description:
    'Authors whose name holds every word of `query`, most cited first: OpenAlex author id, name, ORCID, last known ' +
    'institution, works and citation counts (from the local mirror: counted over the works it holds). ' +
    'Follow next_cursor until it is null. Cached for one hour, like search.',
  errors: ['missing_query', 'query_too_short', 'invalid_parameter', 'invalid_cursor', ...UPSTREAM_ERRORS],
  rest: {
    ...authorsRest,
    path: '/api/v1/authors',
    operationId: 'searchAuthors',
    answers: 'A page of authors',
    directoryName: 'authors',
    cacheStatus: true,
  },
  input: AuthorSearchInputSchema,
  output: AuthorListResponseSchema,
  tool: {
    input: AuthorSearchInputSchema.superRefine((input, context) =>
      checkListCursor(input.cursor, () => authorSearchScopeOf(input), context),
    ),
    name: 'search_authors',
    title: 'Search authors',
    description:
      'Authors of the OpenAlex index by name, most cited first: id (A…), name, ORCID, last known institution, ' +
      'works and citation counts. Follow with get_author or author_works. Paged by the cursor it returns.',
    openWorld: true,
    text: (body: AuthorList) =>
      [
        `${body.total} authors named "${body.query}"; the ${body.results.length} most cited here:`,
        ...body.results.map((author, index) => `${index + 1}. ${authorLine(author)}`),
        body.next_cursor ? `More: call again with cursor "${body.next_cursor}".` : 'This is the last page.',
      ].join('\n'),
  },
  run: async (input: AuthorSearchInput, { deps, clientAddress }) => {
    const q = normaliseQuery(input.query);
    const page = listCursorPageOrThrow(input.cursor, () => authorSearchScopeOf(input));
    const outcome = await authorSearchPage(deps.papers, { q, limit: input.limit, page }, clientAddress, { query: q });
    return answer<AuthorList>(outcome);
  },
});

// ── An author, and their works ─────────────────────────────────────────────────────────────────────

const TOP_WORKS = 10;

export const AuthorResponseSchema = AuthorSchema.extend({
  works_url: z.string().describe("The author's works (API), paged"),
  top_works: z.array(SearchResultItemSchema).describe(`The author's ${TOP_WORKS} most cited works`),
}).meta({ id: 'AuthorResponse' });
type AuthorResponse = z.infer<typeof AuthorResponseSchema>;

const worksExtra = (author: Author, siteUrl: string, sort: string) => ({
  sort,
  author: { id: author.id, name: author.name, url: authorUrl(siteUrl, author.id) },
});

async function authorOf(id: string, { deps, clientAddress }: OperationContext): Promise<Author> {
  const outcome = await authorRecord(deps.papers, id, clientAddress, (author) => author);
  return new JsonText<Author>(outcome.body).value();
}

export const getAuthor = defineOperation({
  summary: 'Read one author',
  description:
    "One author by OpenAlex author id (A…): the search's fields, their ten most cited works and the URL of all " +
    'their works. Cached for one hour.',
  errors: ['invalid_author_id', 'author_not_found', ...UPSTREAM_ERRORS],
  rest: {
    ...authorsRest,
    path: '/api/v1/authors/{id}',
    operationId: 'getAuthor',
    answers: 'The author',
    directoryName: 'author',
  },
  input: z.object({ id: AuthorIdParam }),
  output: AuthorResponseSchema,
  tool: {
    name: 'get_author',
    title: 'Read an author',
    description:
      'One author of the OpenAlex index by author id (A…): name, ORCID, institution, counts, and their ' +
      `${TOP_WORKS} most cited works. More works with author_works.`,
    openWorld: true,
    text: authorText,
  },
  run: async ({ id }, context) => {
    const author = await authorOf(id, context);
    const { siteUrl } = context.deps.content;
    const query = { author: id, sort: 'citations' as const, limit: TOP_WORKS, page: 1 };
    const works = await authorWorksPage(
      context.deps.papers,
      query,
      context.clientAddress,
      worksExtra(author, siteUrl, 'citations'),
    );
    const top = new JsonText<{ results: AuthorResponse['top_works'] }>(works.body).value().results;
    return { ...author, works_url: `${authorUrl(siteUrl, author.id)}/works`, top_works: top } satisfies AuthorResponse;
  },
});

export const AuthorWorksInputSchema = z.object({
  id: AuthorIdParam,
  sort: z
    .enum(RELATED_SORTS)
    .default('citations')
    .describe('citations (most cited first, the default) or date (newest first)'),
  limit: z.int().min(1).max(200).default(25).describe('Results per page, 1 to 200 (default 25)'),
  cursor: ListCursorField,
});
type AuthorWorksInput = z.infer<typeof AuthorWorksInputSchema> & { fields?: string[] | undefined };
const worksScopeOf = ({ id, sort, limit }: AuthorWorksInput) => authorWorksScope({ author: id, sort, limit });

export const AuthorWorksResponseSchema = z
  .object({
    results: z.array(SearchResultItemSchema).describe('Page of works, in the order of `sort`'),
    total: z.int().min(0).describe('How many works the author has in the index'),
    ...RESULTS_PAGE_FIELDS,
    sort: z.enum(RELATED_SORTS).describe('Order used'),
    author: z.object({ id: z.string(), name: z.string(), url: z.string() }).describe('The author (API URL)'),
  })
  .meta({ id: 'AuthorWorksResponse' });
type AuthorWorks = z.infer<typeof AuthorWorksResponseSchema>;

export const authorWorks = defineOperation({
  summary: "List an author's works",
  description:
    "One page of an author's works, most cited first or newest first, in the search response's shape, with the " +
    'author it is about. Follow next_cursor until it is null. Cached for one hour.',
  errors: ['invalid_author_id', 'invalid_parameter', 'invalid_cursor', 'author_not_found', ...UPSTREAM_ERRORS],
  rest: {
    ...authorsRest,
    path: '/api/v1/authors/{id}/works',
    operationId: 'listAuthorWorks',
    answers: "A page of the author's works",
    directoryName: 'author_works',
    cacheStatus: true,
  },
  input: AuthorWorksInputSchema,
  output: AuthorWorksResponseSchema,
  tool: {
    name: 'author_works',
    title: "An author's works",
    description: `The works of one author (by OpenAlex author id), most cited or newest first, paged by cursor (up to ${MAX_TOOL_PAPERS} a page).`,
    openWorld: true,
    input: AuthorWorksInputSchema.extend({
      fields: fieldsInput(ITEM_FIELDS),
      limit: toolPaperLimit(25),
    }).superRefine((input, context) => checkListCursor(input.cursor, () => worksScopeOf(input), context)),
    text: (body: AuthorWorks) =>
      paperListText(`${body.total} works by ${body.author.name}; the ${body.results.length} here:`, body),
    output: withChosenFields(AuthorWorksResponseSchema),
  },
  run: async (input: AuthorWorksInput, context) => {
    const page = listCursorPageOrThrow(input.cursor, () => worksScopeOf(input));
    const author = await authorOf(input.id, context);
    const query = { author: input.id, sort: input.sort, limit: input.limit, page };
    const extra = worksExtra(author, context.deps.content.siteUrl, input.sort);
    const outcome = await authorWorksPage(context.deps.papers, query, context.clientAddress, extra);
    return withFields(answer<AuthorWorks>(outcome), input.fields);
  },
});

// ── Related papers ─────────────────────────────────────────────────────────────────────────────────

export const SimilarResponseSchema = z
  .object({
    results: z.array(SearchResultItemSchema).describe('Papers like this one'),
    total: z.int().min(0).describe('How many are listed'),
    ...RESULTS_PAGE_FIELDS,
    paper: z.object({ id: z.string(), title: z.string(), url: z.string() }).describe('The paper they are like'),
  })
  .meta({ id: 'RelatedPapersResponse' });
type Similar = z.infer<typeof SimilarResponseSchema>;

export const RelatedPapersInputSchema = z.object({
  id: PaperIdParam,
  limit: z.int().min(1).max(MAX_SIMILAR).default(10).describe(`How many, 1 to ${MAX_SIMILAR} (default 10)`),
});

export const relatedPapers = defineOperation({
  summary: 'List the papers related to a paper',
  description:
    "Papers like one paper, most cited first: OpenAlex's related works (from the local mirror: the papers sharing " +
    'the most references with it). One page of at most `limit`. Cached for one hour.',
  errors: ['invalid_paper_id', 'invalid_parameter', 'paper_not_found', ...UPSTREAM_ERRORS],
  rest: {
    method: 'GET',
    path: '/api/v1/papers/{id}/related',
    operationId: 'listRelatedPapers',
    tags: ['Papers'],
    answers: 'Related papers',
    directoryName: 'related_papers',
    cacheControl: SEARCH_CACHE_CONTROL,
    cacheStatus: true,
  },
  input: RelatedPapersInputSchema,
  output: SimilarResponseSchema,
  tool: {
    input: RelatedPapersInputSchema.extend({ fields: fieldsInput(ITEM_FIELDS) }),
    name: 'related_papers',
    title: 'Papers related to a paper',
    description:
      'Papers like one paper (by work id, DOI, arXiv id or PubMed id): OpenAlex related works, most cited first ' +
      '(from the local mirror: the papers sharing the most references with it).',
    openWorld: true,
    text: (body: Similar) =>
      paperListText(`${body.total} papers related to ${shortWorkId(body.paper.id)} "${body.paper.title}":`, body),
    output: withChosenFields(SimilarResponseSchema),
  },
  run: async ({ id, limit, fields }: z.infer<typeof RelatedPapersInputSchema> & { fields?: string[] }, context) => {
    const paper = new JsonText<z.infer<typeof PaperSchema>>((await paperOutcome(id, context)).body).value();
    const work = shortWorkId(paper.id);
    const about = { id: paper.id, title: paper.title, url: `${context.deps.content.siteUrl}/api/v1/papers/${work}` };
    const outcome = await similarPage(context.deps.papers, work, limit, context.clientAddress, { paper: about });
    return withFields(answer<Similar>(outcome), fields);
  },
});

/** This domain's operations (each is an MCP tool too). */
export const scholarOperations: readonly AnyOperation[] = [searchAuthors, getAuthor, authorWorks, relatedPapers];
