// Input fields several capabilities share, below every door: operations import them, and the REST
// routes and MCP tools get them through the operations' inputs.
import { z } from 'zod';

/** A content slug: lowercase words joined by hyphens (an essay, a glossary term). */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug is lowercase words joined by hyphens')
  .describe('A slug, lowercase words joined by hyphens');
