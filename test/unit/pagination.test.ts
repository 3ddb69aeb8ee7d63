import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURSOR_PATTERN, CursorParam, decodeCursor, encodeCursor, paginate } from '../../src/core/pagination.ts';

describe('cursors', () => {
  it('round-trips page numbers as base64url of the decimal', () => {
    for (const page of [1, 2, 9, 10, 99, 12345]) {
      expect(Buffer.from(encodeCursor(page), 'base64url').toString()).toBe(String(page));
      expect(decodeCursor(encodeCursor(page))).toBe(page);
    }
  });

  it.each(['', '!!', 'MA', 'LTE', 'YWJj', 'MDE', 'MS41', 'A'.repeat(40)])('rejects %s', (cursor) => {
    expect(decodeCursor(cursor)).toBeUndefined();
    const parsed = CursorParam.safeParse(cursor);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.code === 'custom' && issue.params?.['code']).toBe('invalid_cursor');
    expect(issue?.message).toMatch(cursor === '' ? /leave it out/ : /not a cursor this API issued/);
  });
});

describe('the documented cursor pattern', () => {
  // The OpenAPI description publishes it; JSON Schema patterns are matched as Unicode regular expressions.
  const pattern = new RegExp(CURSOR_PATTERN, 'u');
  const accepts = (cursor: string) => decodeCursor(cursor) !== undefined;

  it('matches the cursor of every page from 1 to 999,999,999', () => {
    const page = fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 999_999_999 }));
    fc.assert(
      fc.property(page, (n) => pattern.test(encodeCursor(n))),
      { seed: 15, numRuns: 20_000 },
    );
  });

  it('does not match the cursor of a page past 999,999,999 (decodeCursor takes up to 9 digits)', () => {
    const page = fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(page, (n) => !pattern.test(encodeCursor(n))),
      { seed: 15, numRuns: 5_000 },
    );
  });

  it('agrees with decodeCursor on strings made of cursor characters', () => {
    const cursorish = fc.string({
      unit: fc.constantFrom(...'MNODTjzAEIQUYcgkwxyz0123459Mg='),
      minLength: 0,
      maxLength: 14,
    });
    fc.assert(
      fc.property(cursorish, (text) => pattern.test(text) === accepts(text)),
      { seed: 15, numRuns: 50_000 },
    );
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 7 }, (_, index) => index);

  it('slices pages and stops next_cursor on the last one', () => {
    const first = paginate(items, 3, 1);
    expect(first.items).toEqual([0, 1, 2]);
    expect(first).toMatchObject({ total: 7, limit: 3, has_more: true, cursor: null });
    expect(decodeCursor(first.next_cursor!)).toBe(2);
    const last = paginate(items, 3, 3);
    expect(last.items).toEqual([6]);
    expect(last.has_more).toBe(false);
    expect(last.next_cursor).toBeNull();
    expect(last.pagination).toEqual({
      total: 7,
      limit: 3,
      has_more: false,
      cursor: encodeCursor(3),
      next_cursor: null,
    });
  });

  it('answers an empty page past the end', () => {
    expect(paginate(items, 5, 4)).toMatchObject({ items: [], has_more: false, next_cursor: null });
  });

  it('treats an exact multiple as having no more', () => {
    expect(paginate(items.slice(0, 6), 3, 2).has_more).toBe(false);
  });
});
