import { describe, expect, it } from 'vitest';
import { ifNoneMatch } from '../../src/core/http/conditional.ts';

describe('ifNoneMatch (RFC 9110 section 13.1.2)', () => {
  it('compares weakly over a list', () => {
    expect(ifNoneMatch('W/"a", "b"', '"a"')).toBe(true);
    expect(ifNoneMatch('"x" ,\t"b"', '"b"')).toBe(true);
    expect(ifNoneMatch('"a-br"', '"a"')).toBe(false);
    expect(ifNoneMatch('"a"', '"a-br"')).toBe(false);
  });

  it('matches nothing when the field is absent or empty', () => {
    expect(ifNoneMatch(undefined, '"a"')).toBe(false);
    expect(ifNoneMatch(null, '"a"')).toBe(false);
    expect(ifNoneMatch('', '"a"')).toBe(false);
    expect(ifNoneMatch(' , ', '"a"')).toBe(false);
  });

  it('takes * alone as any representation, and not inside a list', () => {
    expect(ifNoneMatch('*', '"a"')).toBe(true);
    expect(ifNoneMatch(' * ', '"a"')).toBe(true);
    expect(ifNoneMatch('*, "b"', '"a"')).toBe(false);
    expect(ifNoneMatch('"b", *', '"a"')).toBe(false);
  });

  it('keeps a comma inside a quoted tag as part of the tag', () => {
    expect(ifNoneMatch('"a,b"', '"a"')).toBe(false);
    expect(ifNoneMatch('"a,b"', '"a,b"')).toBe(true);
    expect(ifNoneMatch('"b", "a,b"', '"a,b"')).toBe(true);
  });

  it('stops at the first member that is not an entity-tag', () => {
    expect(ifNoneMatch('a', '"a"')).toBe(false);
    expect(ifNoneMatch('"a', '"a"')).toBe(false);
    expect(ifNoneMatch('"x", junk, "a"', '"a"')).toBe(false);
    expect(ifNoneMatch('"a", junk', '"a"')).toBe(true);
    expect(ifNoneMatch('w/"a"', '"a"')).toBe(false);
  });
});
