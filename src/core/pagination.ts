// Page-number cursors: base64url of the decimal page number, as the interface describes. Decoding
// is strict (only canonical encodings of a page >= 1, padded base64 accepted) so a tampered cursor
// is a clear 400 rather than a silently different page.
import { z } from 'zod';

export function encodeCursor(page: number): string {
  return Buffer.from(String(page), 'utf8').toString('base64url');
}

/** The page a cursor names, or undefined when it is not a cursor encodeCursor makes. */
export function decodeCursor(cursor: string): number | undefined {
  const normalised = cursor.trim().replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const text = /^[A-Za-z0-9_-]{1,16}$/.test(normalised) ? Buffer.from(normalised, 'base64url').toString('utf8') : '';
  if (!/^[1-9]\d{0,8}$/.test(text) || encodeCursor(Number(text)) !== normalised) return undefined;
  return Number(text);
}

function notACursor(cursor: string): string {
  return cursor === ''
    ? 'is empty; leave it out for the first page'
    : `"${cursor.slice(0, 40)}" is not a cursor this API issued`;
}

// The cursors encodeCursor makes, as a regular expression for the OpenAPI description. Base64 maps three
// ASCII digits (0x30..0x39) to four characters from small sets; a page has 1 to 9 digits, the first not 0.
const TRIPLE_HEAD = '(?:[MN][DTjz]|O[DT])';
const THIRD = '[AEIMQUYcgk]';
const DIGITS_3 = `${TRIPLE_HEAD}${THIRD}[w-z0-5]`;
const DIGITS_2 = `${TRIPLE_HEAD}${THIRD}`;
const DIGITS_1 = '(?:[MN][AQgw]|O[AQ])';
// The same, when the first of the group is the page's first digit (1..9: "MD" would start with a 0).
const LEAD_HEAD = '(?:M[Tjz]|N[DTjz]|O[DT])';
const LEAD_3 = `${LEAD_HEAD}${THIRD}[w-z0-5]`;
const LEAD_2 = `${LEAD_HEAD}${THIRD}`;
const LEAD_1 = '(?:M[Qgw]|N[AQgw]|O[AQ])';
const REST = `(?:${DIGITS_3}(?:${DIGITS_3}|${DIGITS_2}|${DIGITS_1})?|${DIGITS_2}|${DIGITS_1})`;
/** Matches exactly the cursors decodeCursor accepts without trimming or spelling changes (padding allowed). */
export const CURSOR_PATTERN = `^(?:${LEAD_3}${REST}?|${LEAD_2}|${LEAD_1})=*$`;

export const CursorParam = z
  .string()
  .optional()
  .transform((raw, context) => {
    if (raw === undefined) return undefined;
    const page = decodeCursor(raw);
    if (page !== undefined) return page;
    context.addIssue({ code: 'custom', message: notACursor(raw), params: { code: 'invalid_cursor' } });
    return z.NEVER;
  })
  .meta({ type: 'string', pattern: CURSOR_PATTERN, description: 'Opaque cursor: a next_cursor this API returned' });

export const PaginationSchema = z
  .object({
    total: z.int().min(0).describe('Total records matching'),
    limit: z.int().min(1).describe('Page size used for this response'),
    has_more: z.boolean().describe('More records beyond this page'),
    cursor: z.string().nullable().describe('Cursor of the current page'),
    next_cursor: z.string().nullable().describe('Opaque token for the next page; null on the last page'),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof PaginationSchema>;

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  has_more: boolean;
  cursor: string | null;
  next_cursor: string | null;
  pagination: Pagination;
}

/**
 * Slices one page. `cursor` is the current page's cursor as the client will see it: null for the
 * first page requested without a cursor.
 */
export function paginate<T>(items: readonly T[], limit: number, page: number): Page<T> {
  const start = (page - 1) * limit;
  const slice = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  const cursor = page > 1 ? encodeCursor(page) : null;
  const next = hasMore ? encodeCursor(page + 1) : null;
  return {
    items: slice,
    total: items.length,
    limit,
    has_more: hasMore,
    cursor,
    next_cursor: next,
    pagination: { total: items.length, limit, has_more: hasMore, cursor, next_cursor: next },
  };
}

/** A list response: the page's items under `key`, with the interface's paging fields. */
export function pageBody<T, K extends string>(page: Page<T>, key: K) {
  return {
    total: page.total,
    limit: page.limit,
    [key]: page.items,
    has_more: page.has_more,
    next_cursor: page.next_cursor,
    pagination: page.pagination,
  } as { total: number; limit: number; has_more: boolean; next_cursor: string | null; pagination: Pagination } & Record<
    K,
    T[]
  >;
}
