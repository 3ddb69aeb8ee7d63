// The papers capability: its operations with their input and output schemas (the REST route,
// derived in routes/search.ts with its other representations, and the MCP tool are its doors).
import { aliasOf } from './aliases.ts';
import { z } from 'zod';
import { MAX_TOOL_PAPERS, toolPaperLimit } from './common-inputs.ts';
import { defineOperation, type AnyOperation } from './operation.ts';
import { defaultOfInput, integerQueryParam } from './query-from-input.ts';
import { JsonText } from '../json-text.ts';
import { issue, optionalIntParam, textInput, textProblem, textSchema } from './validation.ts';
import { PaginationSchema } from '../pagination.ts';
import { checkListCursor, ListCursorField, listCursorPageOrThrow } from './list-cursor.ts';
import { listCursor } from '../papers/contract/list-cursor.ts';
import { CITATION_FORMATS } from '../papers/citations/citation-export.ts';
import { CORPORA } from '../papers/contract/corpora.ts';
import { SearchResultItemSchema } from '../papers/contract/search-result-item.ts';
import { MAX_REACHABLE_RESULTS, PAPER_SORTS, YEAR_RANGE, type PaperQuery } from '../papers/contract/paper-source.ts';
import { normaliseQuery, searchScope } from '../papers/contract/paper-search.ts';
import { paperListText } from '../papers/contract/paper-text.ts';
import { fieldsInput, ITEM_FIELDS, pickListFields, withChosenFields } from '../papers/contract/field-choice.ts';

export const MAX_QUERY_LENGTH = 300;

/** Every answer built from a search (JSON, feed, page, a paper and its lists) may be kept as long as the search. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=600';
export const DEFAULT_LIMIT = 50;

export const QueryTextParam = z
  .string()
  .meta({ examples: ['transformers'] })
  .optional()
  .transform((raw, context) => {
    const problem = textProblem(raw, MAX_QUERY_LENGTH);
    if (!problem) return normaliseQuery(raw ?? '');
    issue(context, problem[0], problem[0] === 'missing_query' ? `${problem[1]}, e.g. ?q=transformers` : problem[1]);
    return z.NEVER;
  })
  .meta({ ...textSchema(MAX_QUERY_LENGTH), description: `Search text, 2 to ${MAX_QUERY_LENGTH} characters` });

const SORT_DESCRIPTION =
  'Order of results: citations (most cited first, the default), relevance (best match first) or date (newest first); ' +
  'ties go by work id';
const yearDescription = (bound: string) =>
  `${bound} publication year, inclusive (${YEAR_RANGE.min} to ${YEAR_RANGE.max}); the two bounds may come in either order`;

/** A year the Papers form leaves blank arrives as `year_from=`: no bound, as when it is absent. */
const optionalYearParam = (bound: string) =>
  z
    .string()
    .optional()
    .transform((raw) => (raw?.trim() === '' ? undefined : raw))
    .pipe(optionalIntParam(YEAR_RANGE.min, YEAR_RANGE.max))
    .meta({ type: 'integer', minimum: YEAR_RANGE.min, maximum: YEAR_RANGE.max, description: yearDescription(bound) });

/** `?format=`: a paper answer (a paper, a page of search results) as references to cite. */
export const CitationFormatParam = z
  .enum(CITATION_FORMATS, { error: 'must be "bibtex" or "csl"' })
  .optional()
  .describe(
    'Answer as references to cite: bibtex (application/x-bibtex) or csl (CSL-JSON); ' +
      'the same as asking for either media type in Accept',
  );

export const SearchInputSchema = z.object({
  query: textInput(MAX_QUERY_LENGTH)
    .describe('What to search for, at least 2 characters')
    .meta({ examples: ['transformers'] }),
  corpus: z.enum(CORPORA).default('ai').describe('ai or web3 (default ai)'),
  limit: z
    .int()
    .min(1)
    .max(200)
    .default(DEFAULT_LIMIT)
    .describe(`Results per page, 1 to 200 (default ${DEFAULT_LIMIT})`),
  page: z.int().min(1).max(MAX_REACHABLE_RESULTS).default(1).describe('Page number (default 1)'),
  cursor: ListCursorField,
  sort: z.enum(PAPER_SORTS).default('citations').describe(SORT_DESCRIPTION),
  year_from: z.int().min(YEAR_RANGE.min).max(YEAR_RANGE.max).optional().describe(yearDescription('Earliest')),
  year_to: z.int().min(YEAR_RANGE.min).max(YEAR_RANGE.max).optional().describe(yearDescription('Latest')),
});

export const SearchQuerySchema = z.object({
  q: QueryTextParam,
  corpus: z
    .enum(CORPORA, { error: 'must be "ai" or "web3"' })
    .optional()
    .meta({ description: 'Corpus to search (default ai)', default: defaultOfInput(SearchInputSchema.shape.corpus) }),
  // The bounds are the input's; which of page and cursor counts is searchInputOf's.
  limit: integerQueryParam(SearchInputSchema.shape.limit),
  per_page: aliasOf(
    'limit',
    integerQueryParam(SearchInputSchema.shape.limit, 'Alias of limit; limit wins when both are sent'),
  ),
  page: integerQueryParam(
    SearchInputSchema.shape.page,
    `Page number (default 1); cursor wins when both are sent. Pages past page × limit = ${MAX_REACHABLE_RESULTS} are empty`,
  ),
  cursor: ListCursorField,
  sort: z
    .enum(PAPER_SORTS, { error: `must be one of ${PAPER_SORTS.map((sort) => `"${sort}"`).join(', ')}` })
    .optional()
    .meta({ description: SORT_DESCRIPTION, default: defaultOfInput(SearchInputSchema.shape.sort) }),
  year_from: optionalYearParam('Earliest'),
  year_to: optionalYearParam('Latest'),
});

/** The paging fields of every page of papers (renderResultsPage writes them): search and a paper's lists. */
export const RESULTS_PAGE_FIELDS = {
  limit: z.int().describe('Results per page'),
  has_more: z.boolean().describe('The next page holds results (paging reaches the first 10,000)'),
  next_cursor: z.string().nullable().describe('Cursor for the next page; null on the last page'),
  pagination: PaginationSchema,
};

export const SearchResponseSchema = z
  .object({
    results: z.array(SearchResultItemSchema).describe('Page of results, in the order of `sort`'),
    total: z.int().min(0).describe('Total papers found'),
    ...RESULTS_PAGE_FIELDS,
    corpus: z.enum(CORPORA).describe('Corpus used'),
    sort: z.enum(PAPER_SORTS).describe('Order used'),
  })
  .meta({ id: 'SearchResponse' });

type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** The search a checked query asks for, at `limit` results a page from `page`. */
export function searchInputOf(
  query: Pick<SearchQuery, 'q' | 'corpus'> & Partial<Pick<SearchQuery, 'sort' | 'year_from' | 'year_to'>>,
  limit: number,
  page: number,
  cursor?: string,
): z.infer<typeof SearchInputSchema> {
  return {
    query: query.q,
    corpus: query.corpus ?? 'ai',
    limit,
    page,
    cursor,
    sort: query.sort ?? 'citations',
    year_from: query.year_from,
    year_to: query.year_to,
  };
}

/**
 * Years may come in either order: the range runs from the earlier to the later. JSON Schema cannot say
 * "year_from <= year_to", so refusing the other order would turn away requests the description allows.
 */
function yearSpan(a: number | undefined, b: number | undefined) {
  return a !== undefined && b !== undefined && a > b ? { yearFrom: b, yearTo: a } : { yearFrom: a, yearTo: b };
}

export type SearchInput = z.infer<typeof SearchInputSchema>;
type SearchOutput = z.infer<typeof SearchResponseSchema>;

/** The search an input asks for, all but its page; its scope binds the search's cursors. */
export function paperQueryOf(input: Omit<SearchInput, 'page' | 'cursor'>): Omit<PaperQuery, 'page'> {
  const { query, corpus, limit, sort, year_from, year_to } = input;
  return { q: normaliseQuery(query), corpus, limit, sort, ...yearSpan(year_from, year_to) };
}

/** The page an input asks for: its cursor's (400 invalid_cursor for a cursor of another search), else `page`. */
export const searchPageOf = (input: SearchInput, search = paperQueryOf(input)): number =>
  listCursorPageOrThrow(input.cursor, () => searchScope(search), input.page);

/** Results a search_reports call gets unless it asks for more: a page an agent reads at once. */
const TOOL_LIMIT = 10;

/**
 * search_reports' input: the search's own rule for each field, the first page or a cursor's, fewer
 * results by default, and the `fields` of each paper to answer; a cursor of another search is refused
 * while the arguments are checked.
 */
const SearchToolInputSchema = SearchInputSchema.omit({ page: true })
  .extend({
    limit: toolPaperLimit(TOOL_LIMIT),
    fields: fieldsInput(ITEM_FIELDS),
  })
  .superRefine((input, context) => checkListCursor(input.cursor, () => searchScope(paperQueryOf(input)), context))
  .transform((args) => ({ ...args, query: normaliseQuery(args.query), page: 1 }));

/** The page as an agent reads it: one line per paper, most cited (or best, or newest) first, within the budget. */
function papersText(body: SearchOutput, { query, corpus, sort }: SearchInput) {
  const order = { citations: 'most cited', relevance: 'best matching', date: 'newest' }[sort];
  const heading = `${body.total} papers in ${corpus} for "${normaliseQuery(query)}"; the ${body.results.length} ${order} here:`;
  return paperListText(heading, body);
}

/** The search a REST query string asks for: `limit` wins over `per_page`, and a cursor over `page`. */
const searchInputOfQuery = (query: SearchQuery): SearchInput =>
  searchInputOf(query, query.limit ?? query.per_page ?? DEFAULT_LIMIT, query.page ?? 1, query.cursor);

const reach = MAX_REACHABLE_RESULTS.toLocaleString('en');

/** Paper search: one page of a corpus in the order asked for, through the shared cache. */
export const searchPapers = defineOperation({
  summary: 'Search academic papers',
  description:
    'Searches titles and abstracts in the paper index of one corpus (ai or web3), optionally within publication years. ' +
    'Results come most cited first unless `sort` asks for relevance or date, and are cached for one hour. ' +
    `Paging reaches the first ${reach} results of a query: page × limit may be at most ${reach}. A page past them ` +
    'answers like a page past the last result: 200 with no results, has_more false and next_cursor null (total ' +
    'still counts every match). The page as references to cite: `?format=bibtex|csl`, or Accept: ' +
    'application/x-bibtex or application/vnd.citationstyles.csl+json.',
  errors: [
    'missing_query',
    'query_too_short',
    'invalid_parameter',
    'invalid_cursor',
    'upstream_error',
    'upstream_timeout',
  ],
  rest: {
    method: 'GET',
    path: '/api/v1/reports/search',
    aliases: ['/api/reports/search'],
    operationId: 'searchPapers',
    tags: ['Papers'],
    answers:
      'A page of papers; browsers that prefer text/html get the Papers page with the results. ' +
      'Link names the RSS feed of the same search (rel="alternate").',
    directoryName: 'search',
    cacheControl: SEARCH_CACHE_CONTROL,
    cacheStatus: true,
    // The query string the API has always taken: `q`, `per_page` beside `limit`, `page` beside `cursor`.
    query: { schema: SearchQuerySchema, input: searchInputOfQuery },
  },
  input: SearchInputSchema,
  output: SearchResponseSchema,
  tool: {
    name: 'search_reports',
    title: 'Search academic papers',
    description:
      'Search titles and abstracts of academic papers in the ai or web3 corpus of the OpenAlex index: most cited ' +
      'first, or by relevance or newest first, optionally within publication years. Returns title, authors, source, ' +
      'year, publication date, category, type, citation count, OpenAlex id, DOI and an open-access link where there ' +
      `is one. ${TOOL_LIMIT} results unless limit asks for more (up to ${MAX_TOOL_PAPERS}; the REST search allows 200). Paged: pass the next_cursor it returns ` +
      'as `cursor`, with the same other arguments, for the next page.',
    openWorld: true,
    input: SearchToolInputSchema,
    output: withChosenFields(SearchResponseSchema),
    text: papersText,
  },
  run: async (input: SearchInput & { fields?: readonly string[] | undefined }, { deps, clientAddress }) => {
    const search = paperQueryOf(input);
    const page = searchPageOf(input, search);
    const past = page * search.limit > MAX_REACHABLE_RESULTS;
    // Past the window nothing is fetched (OpenAlex refuses it): the first page gives the total.
    const outcome = await deps.papers.search({ ...search, page: past ? 1 : page }, clientAddress);
    const whole = past ? emptyPage(outcome.body, page, searchScope(search)) : outcome.body;
    // The tool's `fields` choice, made on the cached page, so the cache holds one page whatever the fields.
    const body = input.fields
      ? JSON.stringify(pickListFields(new JsonText<SearchOutput>(whole).value(), input.fields))
      : whole;
    return Object.assign(new JsonText<SearchOutput>(body), {
      cache: outcome.cache,
      age: outcome.age,
    });
  },
});

/**
 * The answer for a page past the paging window, as for a page past the last result: no results, no
 * next. Made from the first page (which holds the total), for any list in the search response's shape.
 */
export function emptyPage(firstPage: JsonText, page: number, scope: string): string {
  const first = new JsonText<{ pagination: z.infer<typeof PaginationSchema> }>(firstPage).value();
  const pagination = { ...first.pagination, has_more: false, cursor: listCursor(scope, page), next_cursor: null };
  return JSON.stringify({ ...first, results: [], has_more: false, next_cursor: null, pagination });
}

/** This domain's operations (those with a `tool` are MCP tools too). */
export const papersOperations: readonly AnyOperation[] = [searchPapers];
