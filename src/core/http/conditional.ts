// Conditional requests (RFC 9110 section 13): the If-None-Match test that turns a repeat GET into a
// 304, for API answers and for the files of the static build alike.

/**
 * True when an If-None-Match field matches `etag` by weak comparison (section 8.8.3.2): `*` alone
 * matches any current representation; otherwise each listed entity-tag is compared with its W/ dropped.
 * Parsing stops at the first member that is not an entity-tag, so a malformed list matches only
 * through the tags before it. Commas inside a quoted tag belong to the tag.
 */
export function ifNoneMatch(field: string | null | undefined, etag: string): boolean {
  if (!field) return false;
  const wanted = etag.startsWith('W/') ? etag.slice(2) : etag;
  let at = 0;
  const end = field.length;
  const skipSeparators = () => {
    while (at < end && (field[at] === ' ' || field[at] === '\t' || field[at] === ',')) at += 1;
  };
  skipSeparators();
  if (field[at] === '*') {
    at += 1;
    skipSeparators();
    return at === end;
  }
  while (at < end) {
    if (field.startsWith('W/', at)) at += 2;
    if (field[at] !== '"') return false;
    const close = field.indexOf('"', at + 1);
    if (close === -1) return false;
    if (close + 1 - at === wanted.length && field.startsWith(wanted, at)) return true;
    at = close + 1;
    skipSeparators();
  }
  return false;
}
