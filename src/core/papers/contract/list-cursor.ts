// Cursors of paper lists (a search's pages, a paper's citations and references, an author's works):
// opaque, and bound to the list they page. A cursor holds its page number and a check made from the
// page and the list's scope (what fixes the list: query, sort, limit, paper…), so a cursor edited by
// hand, or carried to another list, is refused rather than answering some other page. The check is
// not a secret: it keeps honest clients from paging the wrong list, not attackers from reading pages
// (every page is public anyway).
import { createHash } from 'node:crypto';

/** Characters of the check: 72 bits, so a mistaken cursor passes about once in 10^21 tries. */
const CHECK_LENGTH = 12;
const MAX_PAGE_DIGITS = 9;

const check = (scope: string, page: number) =>
  createHash('sha256').update(`list-cursor\n${scope}\n${page}`).digest('base64url').slice(0, CHECK_LENGTH);

/** The cursor of page `page` of the list `scope` names. */
export function listCursor(scope: string, page: number): string {
  return Buffer.from(`${page}.${check(scope, page)}`).toString('base64url');
}

/** The page a cursor names, when it is a cursor of the list `scope` names; undefined for any other. */
export function listCursorPage(cursor: string, scope: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return undefined;
  const match = new RegExp(`^([1-9][0-9]{0,${MAX_PAGE_DIGITS - 1}})\\.([A-Za-z0-9_-]{${CHECK_LENGTH}})$`).exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  const page = Number(match?.[1]);
  return match && match[2] === check(scope, page) ? page : undefined;
}

/** What a cursor looks like, for schemas (a JSON Schema pattern). */
export const LIST_CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,40}$';

/** Why a cursor was refused, phrased to follow a label ('Query parameter "cursor": …'). */
export function cursorProblem(cursor: string): string {
  return cursor === ''
    ? 'is empty; leave it out for the first page'
    : `"${cursor.slice(0, 40)}" is not a cursor of this list: pass the next_cursor of the previous page of the ` +
        'same request (same query, sort, limit and paper), or leave it out for the first page';
}
