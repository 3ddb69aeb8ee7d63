// The paper graph: one paper by work id, DOI, arXiv id or PubMed id, the works citing it and the works it cites. Each is
// one operation (the REST routes in routes/papers.ts and the MCP tools are its doors), answered
// through the search cache like a search page, with the same upstream-failure rules.
import { z } from 'zod';
import { MAX_TOOL_PAPERS, toolPaperLimit } from './common-inputs.ts';
import { PaperNotFoundError, UpstreamError } from '../papers/contract/errors.ts';
import { defineOperation, type AnyOperation, type OperationContext } from './operation.ts';
import { issue } from './validation.ts';
import { JsonText } from '../json-text.ts';
import { CITATION_FORMATS, CITATION_MEDIA_TYPES, citationTextWithin } from '../papers/citations/citation-export.ts';
import {
  PAPER_RELATIONS,
  PaperSchema,
  RELATED_SORTS,
  type PaperRecord,
  type PaperRelation,
} from '../papers/contract/paper.ts';
import {
  PAPER_ID_FORMS,
  PAPER_ID_PATTERN,
  paperIdText,
  parsePaperId,
  shortWorkId,
  type PaperId,
} from '../papers/contract/paper-id.ts';
import { MAX_REACHABLE_RESULTS } from '../papers/contract/paper-source.ts';
import { relatedScope, type SearchOutcome } from '../papers/contract/paper-search.ts';
import { MAX_TOOL_TEXT, paperListText, paperText } from '../papers/contract/paper-text.ts';
import {
  ChosenPaperSchema,
  fieldsInput,
  ITEM_FIELDS,
  PAPER_FIELDS,
  pickFields,
  pickListFields,
  withChosenFields,
} from '../papers/contract/field-choice.ts';
import { checkListCursor, ListCursorField, listCursorPageOrThrow } from './list-cursor.ts';
import { SearchResultItemSchema } from '../papers/contract/search-result-item.ts';
import { emptyPage, RESULTS_PAGE_FIELDS, SEARCH_CACHE_CONTROL } from './papers.ts';

/** Longer than any DOI in use (the longest registered run to about 300 characters). */
const MAX_PAPER_ID_LENGTH = 400;

export const PaperIdParam = z
  .string()
  .max(MAX_PAPER_ID_LENGTH)
  // On the string, not the transform: the published input schema (io input) keeps the examples there.
  .meta({ examples: ['10.48550/arXiv.1706.03762', 'W2741809807', 'arXiv:2106.09685', 'pmid:29456894'] })
  .transform((raw, context): PaperId => {
    const id = parsePaperId(raw);
    if (id) return id;
    issue(context, 'invalid_paper_id', `"${raw.slice(0, 80)}" is not a paper id: give ${PAPER_ID_FORMS}`);
    return z.NEVER;
  })
  .meta({
    type: 'string',
    maxLength: MAX_PAPER_ID_LENGTH,
    pattern: PAPER_ID_PATTERN,
    description: `The paper: ${PAPER_ID_FORMS}. An arXiv id is read as its DOI 10.48550/arXiv.<id>`,
  });

export const PaperInputSchema = z.object({ id: PaperIdParam });

type Answer<T> = JsonText<T> & { cache: SearchOutcome['cache']; age: number };

/**
 * An answer with only the `fields` asked for in each paper (in the paper, for one): the tools' choice,
 * made on the cached body, so the cache holds one answer whatever the fields.
 */
export function withFields<T>(answer: Answer<T>, fields: readonly string[] | undefined): Answer<T> {
  if (!fields) return answer;
  const body = answer.value() as { results?: Array<{ id: string }>; id: string };
  const picked = body.results
    ? pickListFields(body as { results: Array<{ id: string }> }, fields)
    : pickFields(body, fields);
  return Object.assign(new JsonText<T>(JSON.stringify(picked)), { cache: answer.cache, age: answer.age });
}

/** The API's URL of a paper's list, from the paper's short work id. */
const listUrl = (siteUrl: string, work: string, relation: PaperRelation) =>
  `${siteUrl}/api/v1/papers/${work}/${relation}`;

/** The paper's body: its record, and where its two lists are. */
function paperBody(paper: PaperRecord, siteUrl: string) {
  const work = shortWorkId(paper.id);
  return {
    ...paper,
    citations_url: listUrl(siteUrl, work, 'citations'),
    references_url: listUrl(siteUrl, work, 'references'),
  };
}

/** A cached answer as an operation returns it: the body, and how it was served for Cache-Status and Age. */
function answer<T>(outcome: SearchOutcome) {
  return Object.assign(new JsonText<T>(outcome.body), { cache: outcome.cache, age: outcome.age });
}

export function paperOutcome(id: PaperId, { deps, clientAddress }: OperationContext) {
  return deps.papers.paper(id, clientAddress, (paper) => paperBody(paper, deps.content.siteUrl));
}

export const getPaper = defineOperation({
  summary: 'Read one paper',
  description:
    'One paper of the paper index by OpenAlex work id (W…), DOI (with its slash percent-encoded, as %2F), arXiv id ' +
    "or PubMed id: the search result's fields with every author, the abstract, venue, volume, issue, pages and " +
    'reference count, and the URLs of its citations and references. Cached for one hour. As a reference to cite: ' +
    '`?format=bibtex|csl`, or Accept: application/x-bibtex or application/vnd.citationstyles.csl+json.',
  errors: ['invalid_paper_id', 'invalid_parameter', 'paper_not_found', 'upstream_error', 'upstream_timeout'],
  rest: {
    method: 'GET',
    path: '/api/v1/papers/{id}',
    operationId: 'getPaper',
    tags: ['Papers'],
    answers: 'The paper (or its citation, in the format asked for)',
    directoryName: 'paper',
    cacheControl: SEARCH_CACHE_CONTROL,
    cacheStatus: true,
  },
  input: PaperInputSchema,
  output: PaperSchema,
  tool: {
    name: 'get_paper',
    title: 'Read a paper',
    description:
      'One paper of the OpenAlex index by work id, DOI, arXiv id or PubMed id: title, all authors, date, venue, abstract, DOI, ' +
      'open-access link, citation and reference counts. Follow it with paper_citations and paper_references.',
    openWorld: true,
    input: PaperInputSchema.extend({ fields: fieldsInput(PAPER_FIELDS) }),
    text: paperText,
    output: ChosenPaperSchema,
  },
  run: async ({ id, fields }: { id: PaperId; fields?: string[] | undefined }, context) =>
    withFields(answer<z.infer<typeof PaperSchema>>(await paperOutcome(id, context)), fields),
});

const RELATED_SORT_DESCRIPTION = 'Order: citations (most cited first, the default) or date (newest first)';

/** A paper's list's input, as the REST routes take it; each list's tool adds `fields` and checks its cursor (relatedInput). */
export const RelatedInputSchema = z.object({
  id: PaperIdParam,
  sort: z.enum(RELATED_SORTS).default('citations').describe(RELATED_SORT_DESCRIPTION),
  limit: z.int().min(1).max(200).default(25).describe('Results per page, 1 to 200 (default 25)'),
  cursor: ListCursorField,
});
type RelatedInput = z.infer<typeof RelatedInputSchema> & { fields?: string[] | undefined };

/** The scope binding the cursors of one paper's list, as the paper was named. */
const scopeOf = (relation: PaperRelation, { id, sort, limit }: RelatedInput) =>
  relatedScope({ relation, sort, limit }, id);

/** The input of one relation's list, refusing a cursor of another list while arguments are checked. */
const relatedInput = (relation: PaperRelation) =>
  RelatedInputSchema.extend({ limit: toolPaperLimit(25), fields: fieldsInput(ITEM_FIELDS) }).superRefine(
    (input, context) => checkListCursor(input.cursor, () => scopeOf(relation, input), context),
  );

export const RelatedResponseSchema = z
  .object({
    results: z.array(SearchResultItemSchema).describe('Page of papers, in the order of `sort`'),
    total: z.int().min(0).describe('How many papers the list holds'),
    ...RESULTS_PAGE_FIELDS,
    relation: z.enum(PAPER_RELATIONS).describe('citations: works citing the paper; references: works it cites'),
    sort: z.enum(RELATED_SORTS).describe('Order used'),
    paper: z
      .object({ id: z.string(), title: z.string(), url: z.string() })
      .describe('The paper whose list this is (id, title, and its own API URL)'),
  })
  .meta({ id: 'PaperListResponse' });
type RelatedResponse = z.infer<typeof RelatedResponseSchema>;

/** A page of a paper's list as a tool's text: what the list is, then a line per paper. */
function relatedText(body: RelatedResponse): string {
  const what = body.relation === 'citations' ? 'citing' : 'cited by';
  const order = body.sort === 'date' ? 'newest' : 'most cited';
  const heading = `${body.total} papers ${what} ${shortWorkId(body.paper.id)} "${body.paper.title}"; the ${body.results.length} ${order} here:`;
  return paperListText(heading, body);
}

/** One page of a paper's list: the paper first (a 404 for an unknown one, the work id for a DOI). */
function relatedOperation(relation: PaperRelation, tool: { name: string; title: string; description: string }) {
  const which = relation === 'citations' ? 'the papers citing it' : 'the papers it cites';
  return defineOperation({
    summary: relation === 'citations' ? 'List the papers citing a paper' : 'List the papers a paper cites',
    description:
      `One page of ${which}, most cited first or newest first, in the search response's shape, with the paper it ` +
      'is about. Follow next_cursor until it is null. Cached for one hour, like search.',
    errors: [
      'invalid_paper_id',
      'invalid_parameter',
      'invalid_cursor',
      'paper_not_found',
      'upstream_error',
      'upstream_timeout',
    ],
    rest: {
      method: 'GET',
      path: `/api/v1/papers/{id}/${relation}`,
      operationId: relation === 'citations' ? 'listPaperCitations' : 'listPaperReferences',
      tags: ['Papers'],
      answers: `A page of ${which}`,
      directoryName: `paper_${relation}`,
      cacheControl: SEARCH_CACHE_CONTROL,
      cacheStatus: true,
    },
    input: RelatedInputSchema,
    output: RelatedResponseSchema,
    tool: {
      ...tool,
      openWorld: true,
      input: relatedInput(relation),
      text: relatedText,
      output: withChosenFields(RelatedResponseSchema),
    },
    run: async (input: RelatedInput, context) => {
      const { id, sort, limit } = input;
      const scope = scopeOf(relation, input);
      const page = listCursorPageOrThrow(input.cursor, () => scope);
      const paper = new JsonText<z.infer<typeof PaperSchema>>((await paperOutcome(id, context)).body).value();
      const work = shortWorkId(paper.id);
      const about = { id: paper.id, title: paper.title, url: `${context.deps.content.siteUrl}/api/v1/papers/${work}` };
      // Past the paging window nothing is fetched (OpenAlex refuses it): the first page gives the total.
      const past = page * limit > MAX_REACHABLE_RESULTS;
      const query = { relation, work, sort, limit, page: past ? 1 : page };
      const extra = { relation, sort, paper: about };
      const outcome = await context.deps.papers.related(query, scope, context.clientAddress, extra);
      const shown = past ? { ...outcome, body: new JsonText(emptyPage(outcome.body, page, scope)) } : outcome;
      return withFields(answer<RelatedResponse>(shown), input.fields);
    },
  });
}

export const paperCitations = relatedOperation('citations', {
  name: 'paper_citations',
  title: 'Papers citing a paper',
  description: `The papers that cite one paper (by OpenAlex work id, DOI, arXiv id or PubMed id), most cited or newest first, paged (up to ${MAX_TOOL_PAPERS} a page): what built on it.`,
});

export const paperReferences = relatedOperation('references', {
  name: 'paper_references',
  title: 'Papers a paper cites',
  description: `The papers one paper cites (by OpenAlex work id, DOI, arXiv id or PubMed id), most cited or newest first, paged (up to ${MAX_TOOL_PAPERS} a page): what it built on.`,
});

/** Papers one call may cite: a reading list, not an export of the index. */
const MAX_CITED_PAPERS = 50;

/** Why one id was not cited, in the catalogue's codes (the edge's mapping, for the errors an id can meet). */
function notCitedReason(reason: unknown): { code: string; message: string } {
  if (reason instanceof PaperNotFoundError) return { code: 'paper_not_found', message: reason.message };
  if (reason instanceof UpstreamError) {
    return { code: reason.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error', message: reason.message };
  }
  return { code: 'internal_error', message: 'The server hit an unexpected error.' };
}

export const CitationsSchema = z.object({
  format: z.enum(CITATION_FORMATS).describe('bibtex or csl'),
  media_type: z.string().describe('The media type of `text`'),
  count: z.int().describe('How many papers it cites'),
  text: z.string().describe('The references: BibTeX entries, or a CSL-JSON array'),
  not_cited: z
    .array(
      z.object({
        id: z.string().describe('The id: W… for a work id, doi:10.… for a DOI'),
        code: z.string().describe('Why: paper_not_found, upstream_error, upstream_timeout…'),
        message: z.string(),
      }),
    )
    .describe('The ids it could not cite, each with why (empty when it cited them all)'),
  left_out: z
    .array(z.string())
    .describe(
      'Work ids of papers found but left for another call: the references stop at whole ones within ' +
        `${MAX_TOOL_TEXT.toLocaleString('en')} characters (empty when they all fit)`,
    ),
});

type Citations = z.infer<typeof CitationsSchema>;

/** cite_papers' text: the references, then the ids left for another call and those not cited. */
function citationsToolText(output: Citations): string {
  const lines = [output.text];
  if (output.left_out.length > 0) {
    lines.push(`(${output.count} references here; cite these in another call: ${output.left_out.join(', ')})`);
  }
  for (const missed of output.not_cited) lines.push(`Not cited: ${missed.id} (${missed.code}): ${missed.message}`);
  return lines.join('\n');
}

/** Papers by id as references to cite; the REST doors are `?format=` on the paper route and on search. */
export const citePapers = defineOperation({
  input: z.object({
    ids: z
      .array(PaperIdParam)
      .min(1)
      .max(MAX_CITED_PAPERS)
      .describe(`Paper ids (work id, DOI, arXiv id or PubMed id), 1 to ${MAX_CITED_PAPERS}, in the order to list them`)
      .meta({ examples: [['10.48550/arXiv.1706.03762']] }),
    format: z.enum(CITATION_FORMATS).default('bibtex').describe('bibtex (default) or csl (CSL-JSON)'),
  }),
  output: CitationsSchema,
  tool: {
    name: 'cite_papers',
    title: 'Cite papers',
    description:
      'Papers by OpenAlex work id, DOI, arXiv id or PubMed id as references: BibTeX (keys stable and unique within the answer) or ' +
      'CSL-JSON, for a reference manager or a bibliography. Ids it cannot cite (unknown, or the index failed) ' +
      'are listed in not_cited with the reason; the rest are cited, as many as fit in 100,000 characters (any ' +
      'others are named in left_out, to cite in another call).',
    openWorld: true,
    text: citationsToolText,
  },
  run: async ({ ids, format }, context) => {
    // One unknown id of fifty costs that reference, not the other forty-nine; none found is the error it was.
    const settled = await Promise.allSettled(
      ids.map(async (id) => new JsonText<PaperRecord>((await paperOutcome(id, context)).body).value()),
    );
    const papers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failures = settled.flatMap((outcome, index) =>
      outcome.status === 'rejected' ? [{ id: ids[index] as PaperId, reason: outcome.reason as unknown }] : [],
    );
    if (papers.length === 0) throw failures[0]?.reason;
    const not_cited = failures.map(({ id, reason }) => ({ id: paperIdText(id), ...notCitedReason(reason) }));
    // A hundred authors make a reference of 5,000 characters: fifty of them would pass any tool budget.
    const { text, count } = await citationTextWithin(papers, format, MAX_TOOL_TEXT - 2_000);
    const left_out = papers.slice(count).map((paper) => shortWorkId(paper.id));
    const media_type = CITATION_MEDIA_TYPES[format];
    return new JsonText<Citations>(JSON.stringify({ format, media_type, count, text, not_cited, left_out }));
  },
});

/** This domain's operations (each is an MCP tool too). */
export const paperGraphOperations: readonly AnyOperation[] = [getPaper, paperCitations, paperReferences, citePapers];
