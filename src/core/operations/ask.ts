// The ask capability: its operations with their input and output schemas (the REST route in
// routes/ask.ts and the MCP tools are its doors).
import { z } from 'zod';
import { MIN_CONFIDENCE } from '../ask/ask-index.ts';
import { type ErrorCode } from '../errors.ts';
import { defineOperation, type AnyOperation, type OperationContext } from './operation.ts';
import { queryParam } from './query-from-input.ts';
import { issue, textInput, textProblem, textSchema } from './validation.ts';

export const ASK_TYPES = ['essay', 'glossary'] as const;
const MAX_QUESTION_LENGTH = 500;

/** The question normalised, or why it cannot be asked, phrased to follow the name of where it was sent. */
export function checkQuestion(raw: string | undefined): string | [ErrorCode, string] {
  return textProblem(raw, MAX_QUESTION_LENGTH) ?? (raw ?? '').trim().replace(/\s+/g, ' ');
}

/** The question as a body field: validated where it is sent, so the description can state it. */
const QuestionField = z
  .string()
  .transform((raw, context) => {
    const checked = checkQuestion(raw);
    if (typeof checked === 'string') return checked;
    issue(context, checked[0], checked[1]);
    return z.NEVER;
  })
  .meta(textSchema(MAX_QUESTION_LENGTH));

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

/** A comma-separated list of ASK_TYPES, spaces allowed around each. */
const TYPES_PATTERN = `^(?:\\s*(?:${ASK_TYPES.join('|')})\\s*(?:,\\s*(?:${ASK_TYPES.join('|')})\\s*)*)?$`;

export const AskInputSchema = z.object({
  question: textInput(MAX_QUESTION_LENGTH)
    .describe('The question, at least 2 characters')
    .meta({ examples: ['what is a zk rollup?'] }),
  limit: z.int().min(1).max(20).default(5).describe('Sources to return, 1 to 20 (default 5)'),
  types: z
    .array(z.enum(ASK_TYPES))
    .min(1)
    .default([...ASK_TYPES])
    .describe('Document types to search (default both)'),
});

export const AskQuerySchema = z
  .object({
    // Checked in the handler, not here: a browser asking for the page with no question gets the page.
    // Not marked required in the description: its alias may stand in for it (an API client sends one of the two).
    q: z
      .string()
      .optional()
      .meta({
        ...textSchema(MAX_QUESTION_LENGTH),
        description: `The question, 2 to ${MAX_QUESTION_LENGTH} characters; required unless its alias query is sent`,
        examples: ['what is a zk rollup?'],
      }),
    query: z
      .string()
      .optional()
      .meta({
        ...textSchema(MAX_QUESTION_LENGTH),
        description: 'Alias of q, read only when q is absent',
        'x-alias-of': 'q',
      }),
    limit: queryParam(AskInputSchema.shape.limit) as z.ZodType<number>,
    types: z
      .string()
      .optional()
      .transform((raw, context) => {
        if (raw === undefined || raw === '') return [...ASK_TYPES];
        const types = raw.split(',').map((type) => type.trim());
        if (types.every((type): type is (typeof ASK_TYPES)[number] => (ASK_TYPES as readonly string[]).includes(type)))
          return types;
        context.addIssue({ code: 'custom', message: 'must be a comma-separated list of essay and glossary' });
        return z.NEVER;
      })
      .meta({
        type: 'string',
        pattern: TYPES_PATTERN,
        description: 'Comma-separated list of essay and glossary (default both); empty means both',
        default: ASK_TYPES.join(','),
      }),
  })
  .transform((value) => ({
    question: value.q ?? value.query,
    /** Which parameter the question came from, for messages. */
    asked: value.q === undefined && value.query !== undefined ? 'query' : 'q',
    limit: value.limit,
    types: value.types,
  }));

export const AskBodySchema = z
  .object({
    q: QuestionField.optional().describe(`The question, 2 to ${MAX_QUESTION_LENGTH} characters`),
    query: QuestionField.optional().describe('Alias of q; q wins when both are sent'),
    limit: AskInputSchema.shape.limit,
    types: AskInputSchema.shape.types,
    prefer: z.object({ streaming: z.boolean().optional().describe('true: answer as text/event-stream') }).optional(),
  })
  .transform((value, context) => {
    const question = value.q ?? value.query;
    if (question === undefined) {
      issue(context, 'missing_query', 'send the question as the field "q", e.g. {"q": "what is a rollup?"}');
      return z.NEVER;
    }
    return {
      question,
      limit: value.limit,
      types: value.types,
      streaming: value.prefer?.streaming === true,
    };
  })
  .meta({
    id: 'AskRequest',
    anyOf: [{ required: ['q'] }, { required: ['query'] }],
    examples: [{ q: 'what is a zk rollup?', limit: 3 }],
  });

/** Ranked search over essays and glossary with an extractive answer; pure over the built content. */
export const askQuestion = defineOperation({
  input: AskInputSchema,
  output: AskResponseSchema,
  fixed: true,
  run: ({ question, limit, types }, { deps }) => deps.ask.search(question, { limit, types }),
});

/** The search text of the content searches over the ask index (search_essays, search_glossary). */
export const SearchTextSchema = AskInputSchema.shape.question.describe('What to search for, at least 2 characters');

/** How many results a content search returns. */
export const SEARCH_LIMIT = z.int().min(1).max(50).default(10).describe('How many results, 1 to 50 (default 10)');

/** The ask operation's sources of one type, as the content searches read them. */
export async function askSources(query: string, type: 'essay' | 'glossary', context: OperationContext) {
  const answer = await askQuestion.run({ question: query, limit: 20, types: [type] }, context);
  return answer.sources;
}

/** This domain's operations (those with a `tool` are MCP tools too). */
export const askOperations: readonly AnyOperation[] = [askQuestion];
