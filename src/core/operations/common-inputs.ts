// Input fields several capabilities share, below every door: operations import them, and the REST
// routes and MCP tools get them through the operations' inputs.
import { z } from 'zod';

/** A content slug: lowercase words joined by hyphens (an essay, a glossary term). */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug is lowercase words joined by hyphens')
  .describe('A slug, lowercase words joined by hyphens');

/**
 * Papers a tool answers at most in one page: a page of 200 as the REST routes allow is about 200,000
 * characters of structured content at the sizes real records reach (long titles, DOIs and author
 * names), twice a tool's budget of 100,000; 50 stay near half of it. The rest by cursor.
 */
export const MAX_TOOL_PAPERS = 50;

/** A paper tool's `limit`: at most MAX_TOOL_PAPERS, and the tool's own default; REST keeps its 200. */
export const toolPaperLimit = (defaultLimit: number) =>
  z
    .int()
    .min(1)
    .max(MAX_TOOL_PAPERS)
    .default(defaultLimit)
    .describe(
      `Results per page, 1 to ${MAX_TOOL_PAPERS} (default ${defaultLimit}); the REST route allows 200, a tool answer stays within 100,000 characters`,
    );
