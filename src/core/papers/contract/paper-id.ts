// How a paper is named in a request: an OpenAlex work id, a DOI, an arXiv id or a PubMed id, in the
// spellings people paste (W2741809807, https://openalex.org/W2741809807, 10.48550/arXiv.1706.03762,
// doi:10.…, the doi.org URL, arXiv:2106.09685, https://arxiv.org/abs/2106.09685v2, pmid:29456894,
// the pubmed.ncbi.nlm.nih.gov URL). DOIs compare without regard to case (the DOI Handbook, section
// 3.4), so they are kept lowercased. OpenAlex knows no arXiv id of its own, but every arXiv paper has
// the DataCite DOI 10.48550/arXiv.<id>, which OpenAlex resolves: an arXiv id is read as that DOI.

export type PaperId = { kind: 'openalex'; id: string } | { kind: 'doi'; doi: string } | { kind: 'pmid'; pmid: string };

const OPENALEX_WORK = '(?:https://openalex\\.org/)?(W[0-9]{1,12})';
const DOI = '(?:doi:|https://doi\\.org/)?(10\\.[0-9]{4,9}/\\S{1,300})';
// New-style ids (2106.09685) and old-style ones (hep-th/9901001), a version suffix allowed and dropped.
const ARXIV_NUMBER = '([0-9]{4}\\.[0-9]{4,5}|[a-z]+(?:-[a-z]+)*(?:\\.[A-Z]{2})?/[0-9]{7})(?:v[0-9]{1,3})?';
const ARXIV = `(?:[aA][rR][xX][iI][vV]:|https?://(?:www\\.)?arxiv\\.org/(?:abs|pdf)/)?${ARXIV_NUMBER}(?:\\.pdf)?`;
const PMID = '(?:[pP][mM][iI][dD]:|https://pubmed\\.ncbi\\.nlm\\.nih\\.gov/)([0-9]{1,9})/?';

/**
 * Every id the API takes, as OpenAPI publishes it (a JSON Schema pattern, so no flags): exactly what
 * parsePaperId accepts, so a client can check an id before sending it.
 */
export const PAPER_ID_PATTERN = `^${OPENALEX_WORK}$|^${DOI}$|^${ARXIV}$|^${PMID}$`;
const PAPER_ID = new RegExp(PAPER_ID_PATTERN);

/** The forms an id may take, for the message that refuses one and for descriptions. */
export const PAPER_ID_FORMS =
  'an OpenAlex work id (W2741809807 or its openalex.org URL), a DOI (10.1038/nature14539, doi:10.… or the doi.org URL), ' +
  'an arXiv id (arXiv:2106.09685, 2106.09685 or the arxiv.org URL) or a PubMed id (pmid:29456894 or the pubmed URL)';

/** The DOI DataCite gave an arXiv paper. */
export const arxivDoi = (arxivId: string) => `10.48550/arxiv.${arxivId.toLowerCase()}`;

/** The paper an id names, or undefined when it is none of the accepted forms. */
export function parsePaperId(raw: string): PaperId | undefined {
  const match = PAPER_ID.exec(raw);
  if (!match) return undefined;
  const [, work, doi, arxiv, pmid] = match;
  if (work) return { kind: 'openalex', id: work };
  if (doi) return { kind: 'doi', doi: doi.toLowerCase() };
  if (arxiv) return { kind: 'doi', doi: arxivDoi(arxiv) };
  return pmid ? { kind: 'pmid', pmid: String(Number(pmid)) } : undefined;
}

/** The id as one string: W… for a work, doi:10.… for a DOI, pmid:N for a PubMed id (a cache key, a log line). */
export function paperIdText(id: PaperId): string {
  if (id.kind === 'openalex') return id.id;
  return id.kind === 'doi' ? `doi:${id.doi}` : `pmid:${id.pmid}`;
}

/** The short work id (W…) of an OpenAlex id URL. */
export function shortWorkId(openAlexId: string): string {
  return openAlexId.slice(openAlexId.lastIndexOf('/') + 1);
}
