// The list cursors of ../papers/contract/list-cursor.ts at the doors: the input field that takes one,
// the check that refuses a cursor of another list while arguments are validated (an MCP tool's
// -32602), and the page it names for a run (a REST route's 400 invalid_cursor).
import { z } from 'zod';
import { cursorProblem, LIST_CURSOR_PATTERN, listCursorPage } from '../papers/contract/list-cursor.ts';
import { InvalidCursorError } from './errors.ts';

export const ListCursorField = z
  .string()
  .max(40)
  .optional()
  .meta({
    pattern: LIST_CURSOR_PATTERN,
    description:
      'Opaque cursor: the next_cursor of the previous page of this same request (same query, sort, limit and ' +
      'paper); leave it out for the first page',
  });

/** Refuses, as an invalid argument, a cursor that is not one of the list `scope` names. */
export function checkListCursor(cursor: string | undefined, scope: () => string, context: z.RefinementCtx): void {
  if (cursor === undefined || listCursorPage(cursor, scope()) !== undefined) return;
  context.addIssue({
    code: 'custom',
    path: ['cursor'],
    message: cursorProblem(cursor),
    params: { code: 'invalid_cursor' },
  });
}

/**
 * The page a cursor names in the list `scope` names (`fallback` without one); InvalidCursorError for any
 * other (the edge's 400 invalid_cursor). The scope is made only when there is a cursor to check.
 */
export function listCursorPageOrThrow(cursor: string | undefined, scope: () => string, fallback = 1): number {
  if (cursor === undefined) return fallback;
  const page = listCursorPage(cursor, scope());
  if (page === undefined) throw new InvalidCursorError(cursorProblem(cursor));
  return page;
}
