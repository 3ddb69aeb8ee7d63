// Representations of a kept JSON answer (a JsonText): the content coding the client prefers (RFC 9110
// section 12.5.3; compressed once, then kept with the answer), that coding's strong ETag, the 304 to
// a conditional GET (section 13.1.2), and the Vary that says the answer was chosen by Accept-Encoding.
import type { JsonText } from '../json-text.ts';
import { ifNoneMatch } from './conditional.ts';
import { COMPRESS_MIN_BYTES, type ContentEncoding, DYNAMIC_CODINGS } from '../content-coding.ts';
import { appendVary, chooseEncoding } from './negotiation.ts';
import type { CoreRequest, CoreResponse } from './types.ts';

/**
 * A kept answer to GET or HEAD as the client asked for it: in its preferred coding, with that coding's
 * ETag, or 304 when If-None-Match names that tag (section 15.4.5: the 304 keeps ETag, Cache-Control
 * and Vary, and no body).
 */
export function sendRepresentation(
  entity: JsonText,
  headers: Record<string, string>,
  request: CoreRequest,
): CoreResponse | Promise<CoreResponse> {
  const coding = codingFor(entity, headers, request);
  const etag = entity.etag(coding);
  headers['ETag'] = etag;
  if (ifNoneMatch(request.headers.get('if-none-match'), etag)) {
    delete headers['Content-Type'];
    return { status: 304, headers, body: null, coded: true };
  }
  return sendCoded(entity, headers, coding);
}

/** A kept answer to another method (a POST's), in the client's preferred coding, without a tag. */
export function sendInPreferredCoding(
  entity: JsonText,
  headers: Record<string, string>,
  request: CoreRequest,
): CoreResponse | Promise<CoreResponse> {
  return sendCoded(entity, headers, codingFor(entity, headers, request));
}

/** The content coding a client prefers for a kept answer of this size (Vary noted), or identity. */
function codingFor(entity: JsonText, headers: Record<string, string>, request: CoreRequest): ContentEncoding {
  if (entity.bytes.byteLength < COMPRESS_MIN_BYTES) return 'identity';
  appendVary(headers, 'Accept-Encoding');
  return chooseEncoding(request.headers.get('accept-encoding') ?? undefined, DYNAMIC_CODINGS);
}

/** A kept answer in a content coding, compressed once and then kept with it. */
function sendCoded(
  entity: JsonText,
  headers: Record<string, string>,
  coding: ContentEncoding,
): CoreResponse | Promise<CoreResponse> {
  if (coding === 'identity') return { status: 200, headers, body: entity.bytes, coded: true };
  headers['Content-Encoding'] = coding;
  const encoded = entity.encoded(coding);
  if (encoded instanceof Uint8Array) return { status: 200, headers, body: encoded, coded: true };
  return encoded.then((bytes) => ({ status: 200, headers, body: bytes, coded: true }));
}
