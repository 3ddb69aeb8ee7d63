// Chat's shorthands for "the short of it" ("tldr"), "original" ("og") and emphasis
// ("tf") are the asker's talk: read as names, each declined a question as asking about something the
// content never mentions.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { withoutChat } from '../../src/core/ask/question.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { descalerTerm, fillerTerms, loadedIndex } from '../support/ask-documents.ts';

describe('chat shorthand for the short of it, the original, and emphasis', () => {
  it('is dropped as talk', () => {
    expect(withoutChat('descaler tldr?')).toBe('descaler');
    expect(withoutChat('who made the og descaler')).toBe('who made the descaler');
    expect(withoutChat('how tf does limescale form')).toBe('how does limescale form');
  });
});

describe.runIf(readWordVectors())('a question in chat shorthand', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([descalerTerm(), ...fillerTerms(40)]);
  }, 60_000);

  it('is answered, not declined as asking about a name the content never mentions', () => {
    const result = index.search('descaler tldr?', options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('descaler');
  });
});
