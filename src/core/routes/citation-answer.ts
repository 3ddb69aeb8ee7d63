// Paper answers as references to cite: `?format=bibtex|csl`, or an Accept header naming BibTeX or
// CSL-JSON. Shared by the paper route and search, whose JSON stays the default.
import type { CoreResponse } from '../http/types.ts';
import { preferredMediaType } from '../http/negotiation.ts';
import {
  CITATION_FORMATS,
  CITATION_MEDIA_TYPES,
  citationText,
  type Citable,
  type CitationFormat,
} from '../papers/citations/citation-export.ts';

const OFFERED = ['application/json', ...Object.values(CITATION_MEDIA_TYPES)];

/** The format the request asks for: its `format` parameter, else its Accept header; undefined for JSON. */
export function citationFormatOf(
  format: CitationFormat | undefined,
  accept: string | null,
): CitationFormat | undefined {
  if (format) return format;
  const type = preferredMediaType(accept, OFFERED);
  return CITATION_FORMATS.find((candidate) => CITATION_MEDIA_TYPES[candidate] === type);
}

/** The answer in a citation format, with the headers the JSON answer would have carried. */
export async function citationAnswer(
  format: CitationFormat,
  papers: readonly Citable[],
  headers: Record<string, string>,
): Promise<{ raw: CoreResponse }> {
  return {
    raw: {
      status: 200,
      headers: { ...headers, 'Content-Type': `${CITATION_MEDIA_TYPES[format]}; charset=utf-8` },
      body: await citationText(papers, format),
    },
  };
}

/** OpenAPI: the two citation media types a paper answer also comes in. */
export const CITATION_MEDIA_SCHEMAS = {
  [CITATION_MEDIA_TYPES.bibtex]: {
    type: 'string',
    description: 'BibTeX entries, one per paper; keys are stable and unique within the file',
  },
  [CITATION_MEDIA_TYPES.csl]: {
    type: 'array',
    description: 'CSL-JSON: one CSL item per paper (id and citation-key are the BibTeX key)',
    items: {
      type: 'object',
      required: ['id', 'type'],
      properties: { id: { type: 'string' }, type: { type: 'string' } },
    },
  },
} as const;
