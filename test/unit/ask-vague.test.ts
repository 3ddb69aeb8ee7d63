// A short question that names nothing to answer about ("how does it work", "what could go wrong")
// is declined with a reason that asks for the thing meant (ask-index.ts, VAGUE_WORDS): ask reads
// one question at a time, so "it" never reaches it, and a passage that happens to say "go" or
// "work" is no answer. The same words with a name, or a word the content is about, are answered.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { essayDocument, fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['essay', 'glossary'] satisfies AskDocumentType[] };

describe.runIf(table)('a question that names nothing', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists and embeds every passage: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'proof-of-work',
        'Proof of work',
        'A way for a blockchain to agree on its next block in which miners must do costly computation.',
        'Miners try nonces until a block hash falls below a target. The work makes rewriting history cost as ' +
          'much as doing it again, and it is worth the cost only while the reward exceeds the electricity spent.',
      ),
      essayDocument(
        'scaling',
        'Scaling a chain',
        [
          '## Why the base layer cannot simply go faster',
          'Bigger blocks would let more go through, but if something goes wrong, fewer people can check the chain.',
        ],
        ['why-the-base-layer-cannot-simply-go-faster'],
      ),
      ...fillerTerms(300),
    ]);
  }, 60_000);

  it.each(['how does it work', 'what could go wrong', 'is it worth it', 'tell me more'])(
    'declines "%s", asking for the thing meant',
    (question) => {
      const result = index.search(question, options);
      expect(result.answer).toBeNull();
      expect(result.confidence).toBe(0);
      expect(result.no_answer_reason).toMatch(/names nothing the essays and glossary are about/);
    },
  );

  // Capitals in a headline ("How Does It Work") mark no name: it names nothing either.
  it.each(['How Does It Work', 'What Could Go Wrong?', 'Is It Worth It'])(
    'declines "%s", written as a headline',
    (question) => {
      const result = index.search(question, options);
      expect(result.answer).toBeNull();
      expect(result.no_answer_reason).toMatch(/names nothing the essays and glossary are about/);
    },
  );

  it('answers the same words once they name what is asked', () => {
    const result = index.search('how does proof of work work', options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('proof-of-work');
    expect(index.search('what could go wrong with bigger blocks', options).answer).not.toBeNull();
  });
});
