// The ask capability: one operation with its one input and output schemas. Its doors are GET /ask
// (declared here, also as the Ask page and Markdown), POST /ask (routes/ask.ts, also as an event
// stream) and batch; the content searches (search_essays, search_glossary) read its sources.
import { z } from 'zod';
import { MIN_CONFIDENCE } from '../ask/ask-index.ts';
import { type ErrorCode } from '../errors.ts';
import { defineOperation, type AnyOperation, type OperationContext } from './operation.ts';
import { aliasOf } from './aliases.ts';
import { issue, textInput, textProblem, textSchema } from './validation.ts';

export const ASK_TYPES = ['essay', 'glossary'] as const;
const MAX_QUESTION_LENGTH = 500;

/** The question normalised, or why it cannot be asked, phrased to follow the name of where it was sent. */
function checkQuestion(raw: string | undefined): string | [ErrorCode, string] {
  return textProblem(raw, MAX_QUESTION_LENGTH) ?? (raw ?? '').trim().replace(/\s+/g, ' ');
}

const QUESTION_EXAMPLE = 'what is a zk rollup?';

/**
 * The question, checked here rather than by `required`: absent, empty or blank all answer missing_query
 * (with an example of how to send it), and its alias `query` may stand in for it.
 */
const QuestionField = z
  .string()
  .optional()
  .transform((raw, context) => {
    const checked = checkQuestion(raw);
    if (typeof checked === 'string') return checked;
    issue(context, checked[0], checked[1]);
    return z.NEVER;
  })
  .meta({
    ...textSchema(MAX_QUESTION_LENGTH),
    description: `The question, 2 to ${MAX_QUESTION_LENGTH} characters; required unless its alias query is sent`,
    examples: [QUESTION_EXAMPLE],
  });

const AskSourceSchema = z
  .object({
    type: z.enum(ASK_TYPES),
    slug: z.string(),
    title: z.string().describe('Term name, or "Essay title: Section heading"'),
    section: z.string().nullable().describe('The essay section the passage is from; null for introductions and terms'),
    url: z.string().describe('Page URL; essay sections carry their #anchor'),
    markdownUrl: z.string(),
    snippet: z.string().describe('Plain-text excerpt of the best passage (not HTML: escape it before inserting)'),
    highlights: z
      .array(z.tuple([z.int().min(0), z.int().min(0)]))
      .describe('[start, end) UTF-16 offsets in snippet of the words that matched the question'),
    score: z.number(),
  })
  .meta({ id: 'AskSource' });

const answerPassageFields = {
  text: z.string().describe('Extractive: a glossary definition or an essay passage, never generated text'),
  type: z.enum(ASK_TYPES),
  slug: z.string(),
  title: z.string(),
  section: z.string().nullable(),
  url: z.string(),
};

export const AskResponseSchema = z
  .object({
    query: z.string().describe('The question as searched: spelling corrected, whitespace normalised'),
    searched_for: z
      .string()
      .nullable()
      .describe(
        'Set when words the content never uses were read as typos of words it does ("Showing results for"): ' +
          'the question as searched; null when nothing was corrected',
      ),
    answer: z
      .object({
        ...answerPassageFields,
        text: z
          .string()
          .describe(
            'Extractive, never generated: the passage, or each side of a comparison (and a contrasting sentence), ' +
              'separated by blank lines',
          ),
        passages: z
          .array(z.object(answerPassageFields).meta({ id: 'AskAnswerPassage' }))
          .min(1)
          .describe(
            'Each quoted passage with its own source: one, or one per side of a comparison followed, where the ' +
              'content has one, by a sentence that sets the sides against each other',
          ),
      })
      .nullable()
      .describe(
        'The quoted text with the source of its first passage (passages lists each), or null when no passage ' +
          'answers the question with confidence',
      ),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe(`Share of the question (IDF-weighted) the answer covers; below ${MIN_CONFIDENCE} there is no answer`),
    no_answer_reason: z
      .string()
      .nullable()
      .describe(
        'Why answer is null, in one sentence; null when there is an answer. Questions for live data (prices ' +
          'today) or advice (what to buy) are declined with what the site offers instead',
      ),
    sources: z.array(AskSourceSchema).describe('Best passage per essay section or glossary term, best first'),
    total: z.int().describe('Essay sections and glossary terms that matched'),
    took_ms: z.number(),
  })
  .meta({ id: 'AskResponse' });

/** The search text of the content searches over the ask index (search_essays, search_glossary). */
export const SearchTextSchema = textInput(MAX_QUESTION_LENGTH)
  .describe('What to search for, at least 2 characters')
  .meta({ examples: [QUESTION_EXAMPLE] });

/** What asking takes, wherever it is asked: the query string of GET /ask, the body of POST /ask, a batch. */
export const AskInputSchema = z.object({
  q: QuestionField,
  // Checked as q is, also when both are sent and q wins.
  query: aliasOf('q', QuestionField.optional().meta({ description: 'Alias of q; q wins when both are sent' })),
  limit: z.int().min(1).max(20).default(5).describe('Sources to return, 1 to 20 (default 5)'),
  types: z
    .array(z.enum(ASK_TYPES))
    .min(1)
    .default([...ASK_TYPES])
    .describe('Document types to search (default both)'),
});

/** Ranked search over essays and glossary with an extractive answer; pure over the built content. */
export const askQuestion = defineOperation({
  summary: 'Ask a question of the essays and glossary',
  description:
    'Ranked passage search (BM25, stemming, prefixes, "quoted phrases", glossary names as synonyms) over essay sections and ' +
    'glossary terms, with an extractive answer: the definition of the term asked about, the best passage, or one passage ' +
    'per side of a comparison. When no passage covers the question well enough, answer is null with no_answer_reason, ' +
    'and the nearest sources are still listed.',
  errors: ['missing_query', 'query_too_short', 'invalid_parameter'],
  rest: {
    method: 'GET',
    path: '/ask',
    operationId: 'ask',
    tags: ['Ask'],
    answers: 'Answer and ranked sources',
    directoryName: 'ask',
    cacheControl: 'public, max-age=300',
    batch: true,
  },
  input: AskInputSchema,
  output: AskResponseSchema,
  fixed: true,
  run: ({ q, limit, types }, { deps }) => deps.ask.search(q, { limit, types }),
});

/** How many results a content search returns. */
export const SEARCH_LIMIT = z.int().min(1).max(50).default(10).describe('How many results, 1 to 50 (default 10)');

/** The ask operation's sources of one type, as the content searches read them. */
export async function askSources(query: string, type: 'essay' | 'glossary', context: OperationContext) {
  const answer = await askQuestion.run({ q: query, limit: 20, types: [type] }, context);
  return answer.sources;
}

/** This domain's operations (those with a `tool` are MCP tools too). */
export const askOperations: readonly AnyOperation[] = [askQuestion];
