// How a paper is named in a request: an OpenAlex work id or a DOI, in the spellings people paste
// (W2741809807, https://openalex.org/W2741809807, 10.48550/arXiv.1706.03762, doi:10.…, the doi.org URL).
// DOIs compare without regard to case (the DOI Handbook, section 3.4), so they are kept lowercased.

export type PaperId = { kind: 'openalex'; id: string } | { kind: 'doi'; doi: string };

const OPENALEX_WORK = '(?:https://openalex\\.org/)?(W[0-9]{1,12})';
const DOI = '(?:doi:|https://doi\\.org/)?(10\\.[0-9]{4,9}/\\S{1,300})';

/**
 * Every id the API takes, as OpenAPI publishes it (a JSON Schema pattern, so no flags): exactly what
 * parsePaperId accepts, so a client can check an id before sending it.
 */
export const PAPER_ID_PATTERN = `^${OPENALEX_WORK}$|^${DOI}$`;
const PAPER_ID = new RegExp(PAPER_ID_PATTERN);

/** The paper an id names, or undefined when it is neither a work id nor a DOI. */
export function parsePaperId(raw: string): PaperId | undefined {
  const match = PAPER_ID.exec(raw);
  if (match?.[1]) return { kind: 'openalex', id: match[1] };
  return match?.[2] ? { kind: 'doi', doi: match[2].toLowerCase() } : undefined;
}

/** The id as one string: W… for a work, doi:10.… for a DOI (a cache key, a log line). */
export function paperIdText(id: PaperId): string {
  return id.kind === 'openalex' ? id.id : `doi:${id.doi}`;
}

/** The short work id (W…) of an OpenAlex id URL. */
export function shortWorkId(openAlexId: string): string {
  return openAlexId.slice(openAlexId.lastIndexOf('/') + 1);
}
