// Names of several capitalised words or capitalised hyphenated parts that the content never writes
// (unknown-terms.ts): each word may be the content's ("a RISC machine", "zero"), but the name is of
// something else, so the question is declined however well its other words match.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

const table = readWordVectors();
const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };

describe.runIf(table)('capitalised names the content never writes', () => {
  let index: AskIndex;
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      glossaryTerm(
        'proving-machine',
        'Proving machine',
        'A proving machine runs an ordinary program compiled for a small RISC instruction set and writes a ' +
          'proof that it ran correctly, so a verifier checks the proof instead of running the program again. ' +
          'The Lumen Prover is one such machine: it keeps its traces small by proving one step at a time. ' +
          "Corvid's ZKV checks such proofs on a phone in under a second, as does Corvid's verifier app.",
      ),
      glossaryTerm(
        'knowledge-test',
        'Knowledge test',
        'A knowledge test scores a model by the share of multiple-choice questions it answers correctly. ' +
          'QUIZ-Hard is its harder version, with ten choices a question instead of four.',
      ),
    ]);
  }, 60_000);

  it('declines a name of several capitalised words the content never writes as a phrase', () => {
    const asked = index.search('How do I generate a proof with the RISC Nova machine?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/RISC Nova/);
  });

  it('answers a name of several capitalised words the content writes', () => {
    const asked = index.search('How does the Lumen Prover generate a proof?', options);
    expect(asked.answer?.slug).toBe('proving-machine');
  });

  it('answers a name and an acronym the content writes as owned by the name ("Corvid\'s ZKV")', () => {
    const asked = index.search('How fast is the Corvid ZKV on a phone?', options);
    expect(asked.answer?.slug).toBe('proving-machine');
    // Not a name and a word, which is a thing of the name's; nor two of the content's words side by side.
    expect(index.search('How fast is the Corvid Verifier on a phone?', options).answer).toBeNull();
    expect(index.search('How fast is the Lumen ZKV on a phone?', options).answer).toBeNull();
  });

  it('reads two names paired by a slash as two names, not one', () => {
    // "Lumen/Corvid" names the Lumen Prover and Corvid's ZKV; "Lumen Corvid" would be a third name.
    const paired = index.search('How fast do the Lumen/Corvid machines check a proof?', options);
    expect(paired.answer?.slug).toBe('proving-machine');
    expect(index.search('How fast do the Lumen Corvid machines check a proof?', options).no_answer_reason).toMatch(
      /Lumen Corvid/,
    );
  });

  it('reads no name in what the asker says the question is for', () => {
    // "worldbuilding" is in no word list the index holds; the question asks what a proving machine is.
    const asked = index.search('For a worldbuilding doc: what is a proving machine?', options);
    expect(asked.answer?.slug).toBe('proving-machine');
  });

  it('reads no name in a question written as a headline', () => {
    for (const asked of ['How Does the Proving Machine Check a Program?', 'How Does A Proving Machine Check Programs'])
      expect(index.search(asked, options).answer?.slug, asked).toBe('proving-machine');
  });

  it('reads names in a sentence with more capitals than not, whose longer words stay lowercase', () => {
    // No headline leaves "check" in lowercase: "Nova Bench" is a name the content never writes.
    const asked = index.search('Why does Lumen Prover check its Nova Bench?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/Nova Bench/);
  });

  it('declines a compound of capitalised parts the content never writes', () => {
    const asked = index.search('What share of questions does a model answer on QUIZ-Pro?', options);
    expect(asked.answer).toBeNull();
    expect(asked.no_answer_reason).toMatch(/QUIZ-Pro/);
    const written = index.search('What share of questions does a model answer on QUIZ-Hard?', options);
    expect(written.answer?.slug).toBe('knowledge-test');
  });

  it('leaves a compound with a lowercase part to the other rules', () => {
    const asked = index.search('How does a QUIZ-style knowledge test score a model?', options);
    expect(asked.answer?.slug).toBe('knowledge-test');
  });
});
