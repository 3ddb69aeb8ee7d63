// A proper name the content mentions only in passing (unknown-terms.ts, namedInPassing): one of a
// list of examples, an object, an owner's name before something else. Asked what or who it is, the
// question is declined, with a reason saying so; a name the content makes the subject of a clause,
// or describes in an apposition, is answered.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

describe.runIf(table)('a name mentioned only in passing', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'foundation-model',
        'Foundation model',
        'A large model trained once on broad data and then adapted to many tasks.',
        'A model such as Orvex, Tallin or Quorra is pretrained once at great cost, then reused through ' +
          'fine-tuning. Its weights were described in Ivo Brandt’s 2019 paper.',
      ),
      glossaryTerm(
        'liquid-staking',
        'Liquid staking',
        'A service that stakes coins for their holders and hands back a token they can still trade.',
        'Lumo, launched in December 2020, pooled deposits of any size and issued a token whose balance ' +
          'grows. Mara Quill described the design in a whitepaper.',
      ),
    ]);
  });

  it('declines what a name listed as an example is, saying it is only mentioned in passing', () => {
    const result = index.search('What is Orvex?', options);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/only in passing/);
    expect(result.no_answer_reason).toContain('Orvex');
  });

  it('reads "explain how X works" as asking about X', () => {
    expect(index.search('Can you explain how Orvex works?', options).no_answer_reason).toMatch(/only in passing/);
    expect(index.search('Explain how Lumo works', options).answer).not.toBeNull();
  });

  it('declines who a person named only as an owner is', () => {
    expect(index.search('Who is Ivo Brandt?', options).answer).toBeNull();
  });

  it('answers about a name the content makes the subject of a clause', () => {
    const result = index.search('What is Lumo?', options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('liquid-staking');
    expect(index.search('Who is Mara Quill?', options).answer).not.toBeNull();
  });
});
