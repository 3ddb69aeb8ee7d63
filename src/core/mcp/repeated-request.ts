// Agents repeat a request (tools/list, the same lookup) with a new id each time. A body that
// differs from an answered one only in its id gets that answer again, with its own id, without
// being parsed: on a small body, parsing and checking cost more than the remembered answer saves.
//
// Why a text comparison is enough: the id is cut out only where the body names `"id"` once, as
// `"id":` followed by a plain number or a string without escapes, and an answer is remembered only
// once parsing the body with a probe in that place has shown the place holds the top-level id. Two
// bodies whose texts agree outside that place then parse to the same request but for its id.

/** Longest body (bytes) whose answer is remembered: keys stay small, and real calls are shorter. */
export const MAX_REPEATABLE_BODY_BYTES = 1024;

/** A body's text with the value of its `"id"` member cut out. */
export interface IdCut {
  /** The id exactly as the client wrote it: what the answer echoes. */
  idText: string;
  /** The text without the id's value; it determines where the value was. */
  rest: string;
  /** Where the value was cut out. */
  at: number;
}

const ID_MEMBER = '"id":';
/** A safe integer in plain notation, or a string of printable ASCII without quote or backslash, then a delimiter. */
const PLAIN_ID = /(?:-?(?:0|[1-9]\d{0,14})|"[ !#-[\]-~]{0,128}")(?=[,}\s])/y;

/** The body without its id's value, or undefined when the id is not written plainly, once. */
export function cutRequestId(text: string): IdCut | undefined {
  const member = text.indexOf(ID_MEMBER);
  // Any other `"id"` (a nested member, an argument value) leaves the place of the top-level one open.
  if (member === -1 || text.indexOf('"id"') !== member || text.indexOf('"id"', member + 1) !== -1) return undefined;
  const at = member + ID_MEMBER.length;
  PLAIN_ID.lastIndex = at;
  const idText = PLAIN_ID.exec(text)?.[0];
  if (idText === undefined) return undefined;
  return { idText, rest: text.slice(0, at) + text.slice(at + idText.length), at };
}

/** An id no client sends in practice; it only has to differ from the one the body carries. */
const PROBE = -424242424242421;

/**
 * Whether the cut is the value of the request's top-level id (the member JSON.parse keeps): a cut
 * inside a string, or inside params, would make the probe something other than the id.
 */
export function cutIsTopLevelId(cut: IdCut): boolean {
  try {
    const probed = JSON.parse(`${cut.rest.slice(0, cut.at)}${PROBE}${cut.rest.slice(cut.at)}`) as { id?: unknown };
    return probed !== null && typeof probed === 'object' && probed.id === PROBE;
  } catch {
    return false;
  }
}
