import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.ts';
import { decodeCursor, encodeCursor, paginate } from '../../src/core/pagination.ts';

describe('cursors', () => {
  it('round-trips page numbers as base64url of the decimal', () => {
    for (const page of [1, 2, 9, 10, 99, 12345]) {
      expect(Buffer.from(encodeCursor(page), 'base64url').toString()).toBe(String(page));
      expect(decodeCursor(encodeCursor(page))).toBe(page);
    }
  });

  it.each(['', '!!', 'MA', 'LTE', 'YWJj', 'MDE', 'MS41', 'A'.repeat(40)])('rejects %s', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrowError(ApiError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as ApiError).code).toBe('invalid_cursor');
    }
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
