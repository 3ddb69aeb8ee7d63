// The essays capability: its operations, each declaring its input, output, errors and doors (the
// REST routes and MCP tools are derived from them).
import { z } from 'zod';
import { EssayItemSchema } from '../content/content-data.ts';
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

/** This domain's operations (those with a `tool` are MCP tools too). */
export const essaysOperations: readonly AnyOperation[] = [listEssays];
