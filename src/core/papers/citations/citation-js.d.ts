// The parts of Citation.js (no type declarations of its own) that citation-export.ts uses.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    data: Array<Record<string, unknown>>;
    format(format: 'bibtex' | 'data', options?: Record<string, unknown>): string;
  }
}

declare module '@citation-js/plugin-bibtex';

declare module '@citation-js/name' {
  export interface ParsedName {
    given?: string;
    family?: string;
    'non-dropping-particle'?: string;
    'dropping-particle'?: string;
    suffix?: string;
  }
  export function parse(name: string): ParsedName;
}
