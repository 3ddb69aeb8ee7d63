// Chat's spellings of question words ("wut", "wat", "y" for why; "diff" for difference) read as the
// words they spell, and everyday words that frame a description ("the proper name for that …",
// "what's the maximum number of …") read as no name: as typed, each declined a question as asking
// about something the content never mentions.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { plainQuestionWords } from '../../src/core/ask/question-reading.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { descalerTerm, fillerTerms, glossaryTerm, loadedIndex } from '../support/ask-documents.ts';

describe("chat's spellings of question words", () => {
  it('are written as the question words they spell', () => {
    expect(plainQuestionWords('descaler - wut is it')).toBe('descaler - what is it');
    expect(plainQuestionWords("wat's limescale for")).toBe("what's limescale for");
    expect(plainQuestionWords('is a kettle basically a pot or wut')).toBe('is a kettle basically a pot or what');
    expect(plainQuestionWords('whats limescale and y does it form')).toBe('whats limescale and why does it form');
    // Chat drops the apostrophe of "wat's" as it does of "what's".
    expect(plainQuestionWords('wats limescale lol')).toBe('whats limescale lol');
    expect(plainQuestionWords('Wuts a descaler')).toBe('Whats a descaler');
  });

  it('leave words that only contain them, and a "y" that asks nothing, alone', () => {
    expect(plainQuestionWords('the watt rating of a kettle')).toBe('the watt rating of a kettle');
    expect(plainQuestionWords('plot x against y on the chart')).toBe('plot x against y on the chart');
    expect(plainQuestionWords('WAT is a kettle')).toBe('WAT is a kettle');
    expect(plainQuestionWords('how many watts does a kettle draw')).toBe('how many watts does a kettle draw');
  });

  it("write chat's shorthands out as the words the content uses", () => {
    // ask-dev15, ask-dev20: "lr", "params", "temp" were declined as names the content never mentions.
    expect(plainQuestionWords('my loss goes to nan, lr too high??')).toBe(
      'my loss goes to nan, learning rate too high??',
    );
    expect(plainQuestionWords('how many params run per token tho')).toBe('how many parameters run per token tho');
    expect(plainQuestionWords('temp 0 vs temp 1')).toBe('temperature 0 vs temperature 1');
    expect(plainQuestionWords('do my txs vanish')).toBe('do my transactions vanish');
    expect(plainQuestionWords('bytes per param in fp16')).toBe('bytes per parameter in fp16');
    // ask-dev42, ask-dev106: a formula's shorthand, which the essay writes in LaTeX.
    expect(plainQuestionWords('why divide the kettle scores by sqrt(n)?')).toBe(
      'why divide the kettle scores by square root(n)?',
    );
  });

  it('leave shorthands inside words, code and names alone', () => {
    expect(plainQuestionWords('why is tx.origin unsafe')).toBe('why is tx.origin unsafe');
    expect(plainQuestionWords('what is a temperature of 0')).toBe('what is a temperature of 0');
    expect(plainQuestionWords('the lr-schedule of the model')).toBe('the lr-schedule of the model');
    // Capitals are no chat ("TX" may be Texas), and "temp memory" is temporary.
    expect(plainQuestionWords('is staking taxed in TX')).toBe('is staking taxed in TX');
    expect(plainQuestionWords("what is the EVM's temp memory")).toBe("what is the EVM's temp memory");
  });

  it('read "diff between" as a comparison', () => {
    const question = parseQuestion('whats the actual diff between a kettle and a teapot');
    expect(question.intent).toBe('comparison');
    expect(question.sides).toEqual(['kettle', 'teapot']);
  });

  it('read "what\'s the maximum number of" as asking for a figure', () => {
    expect(parseQuestion("What's the maximum number of kettles a shop may sell?").intent).toBe('quantity');
  });
});

describe.runIf(readWordVectors())('a question in chat spellings', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      descalerTerm(),
      glossaryTerm(
        'recovery-phrase',
        'Recovery phrase',
        'A recovery phrase is a list of backup words written on paper, from which a lost account can be restored.',
        'Anyone who reads the backup words can restore the account, so the paper is kept somewhere safe.',
      ),
      ...fillerTerms(40),
    ]);
  }, 60_000);

  it('is answered, not declined as asking about a name the content never mentions', () => {
    expect(index.search('descaler - wut is it', options).sources[0]?.slug).toBe('descaler');
    expect(index.search('descaler - wut is it', options).answer).not.toBeNull();
  });

  it('reads everyday words that frame a description as no name', () => {
    const result = index.search("What's the proper name for that list of backup words I wrote on paper?", options);
    expect(result.answer).not.toBeNull();
    expect(result.sources[0]?.slug).toBe('recovery-phrase');
  });
});
