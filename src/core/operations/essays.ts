// The essays capability: its operations with their input and output schemas (the REST route in
// routes/essays.ts and the MCP tools are its doors).
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
  tag: z.string().max(100).optional().describe('Only essays with this topic tag'),
  limit: z.int().min(1).max(200).default(50).describe('Items per page, 1 to 200 (default 50)'),
  page: z.int().min(1).default(1).describe('Page number (default 1)'),
});

export const listEssays = defineOperation({
  input: EssaysListInputSchema,
  output: EssaysListResponseSchema,
  fixed: true,
  run: ({ tag, limit, page }, { deps }) => pageBody(deps.content.listEssays({ tag, limit, page }), 'essays'),
});

/** This domain's operations (those with a `tool` are MCP tools too). */
export const essaysOperations: readonly AnyOperation[] = [listEssays];
