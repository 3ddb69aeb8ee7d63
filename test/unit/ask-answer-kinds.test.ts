// Answer choice by the kind of question, on passages written for these tests: which sentence (or
// two) of a passage is quoted for a comparison, a quantity, a procedure, a situation, a why.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { contrastingSentence } from '../../src/core/ask/answer-shape.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';

const passageOf = (text: string, section = 'Compression'): AskPassage => ({
  type: 'essay',
  slug: 'models',
  title: `Models: ${section}`,
  section,
  kind: 'paragraph',
  url: 'http://x/essays/models#compression',
  markdownUrl: 'http://x/essays/models.md',
  text,
  sentences: sentenceStarts(text),
  explains: 0,
  names: [section],
  namesWeigh: true,
  mentions: [],
  context: '',
});
const concept = (word: string, idf: number) => ({ asked: [word], idf, alternatives: [[word]], named: false });
const planOf = (words: Array<[string, number]>, prefer?: Plan['prefer']): Plan => ({
  concepts: words.map(([word, idf]) => concept(word, idf)),
  weights: new Map(words.map(([word]) => [word, 1])),
  ...(prefer ? { prefer } : {}),
});

describe('a comparison', () => {
  it('reads a side as ending where its clause does ("X vs Y: what is the difference")', () => {
    expect(parseQuestion("Prompt injection vs jailbreak: what's the difference?").sides).toEqual([
      'Prompt injection',
      'jailbreak',
    ]);
  });

  it('quotes a sentence that says one side is "different from" the other as the contrast', () => {
    const passage = passageOf(
      'Distillation trains a student on a teacher. ' +
        'Distillation is different from quantization: quantization keeps the same model in fewer bits, ' +
        'while distillation trains a new one. Both save memory.',
    );
    const contrast = contrastingSentence([passage], [planOf([['distil', 3]]), planOf([['quantiz', 3]])]);
    expect(contrast?.text).toMatch(/^Distillation is different from quantization/);
  });
});
