// Where the key fact of an answer sits when the right source leads (answer-kind.ts, excerpts.ts,
// answer-passages.ts): a why-question read as asking a reason, a sentence opening on "And" quoted
// with the one before it, a paragraph that lists reasons, an essay's figure description against
// its prose. Passages are written for these tests.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { answerKind } from '../../src/core/ask/answer-kind.ts';
import { quotedPassages, type QuotingContext } from '../../src/core/ask/answer-passages.ts';
import { answerSentences } from '../../src/core/ask/excerpts.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, sectionQuoting, wordConcept as concept } from '../support/ask-documents.ts';

const essayParagraph = (text: string) => essayPassage(text, { names: ['A section'], namesWeigh: true });
const termPassage = (text: string, kind: AskPassage['kind']): AskPassage => ({
  ...essayParagraph(text),
  type: 'glossary',
  slug: 'system-prompt',
  title: 'System prompt',
  section: null,
  kind,
  names: ['System prompt'],
});
const planOf = (words: Array<[string, number]>, prefer?: Plan['prefer']): Plan => ({
  concepts: words.map(([word, idf]) => concept(word, idf)),
  weights: new Map(),
  ...(prefer ? { prefer } : {}),
});
const sectionOf = (texts: readonly string[]) => sectionQuoting(texts.map(essayParagraph));
const quotedOf = (context: QuotingContext, plan: Plan, asked: string) =>
  quotedPassages(context, 0, plan, parseQuestion(asked))
    .filter((each) => !each.alone)
    .map((each) => each.passage);

describe('a why-question', () => {
  it('asks for a reason even with words of advice in it', () => {
    expect(answerKind(parseQuestion('why is it risky to let a model act as an oracle'))).toBe('explanation');
    expect(answerKind(parseQuestion('why do I still need to check the tool calls'))).toBe('explanation');
    // Without the why, the same words ask whether to worry.
    expect(answerKind(parseQuestion('is it risky to let a model act as an oracle'))).toBe('advice');
  });
});

describe('a sentence that opens on "And"', () => {
  it('is quoted with the sentence before it, which its list began', () => {
    const text =
      'Chat models changed the balance. Min found that random ones hurt far less than expected. ' +
      'And Zhao found that few-shot predictions lean towards labels that appear often. The rules follow from both.';
    const plan = planOf([
      ['shot', 2],
      ['label', 2],
    ]);
    const answer = answerSentences(essayParagraph(text), plan, 90);
    expect(answer).toContain('random ones hurt far less');
    expect(answer).toContain('And Zhao found');
  });
});

describe('a paragraph that opens by counting what it lists', () => {
  it("answers a why-question over the section's opening, which shares as many of its words", () => {
    // Neither paragraph says "risky"; both name the oracle and the model, the section's subject.
    const context = sectionOf([
      'Contracts rely on an oracle for prices. A language model is a tempting oracle for questions a feed cannot settle.',
      "Three difficulties follow. The oracle's nodes must agree, but two runs of a sampled model may disagree. A model that reads pages can be steered.",
    ]);
    const plan = planOf(
      [
        ['oracl', 3],
        ['model', 2],
        ['riski', 3],
      ],
      'explanation',
    );
    expect(quotedOf(context, plan, 'why is it risky to use a model as an oracle')).toEqual([1]);
  });

  it("answers it on a term's page too, after the definition", () => {
    const passages = [
      termPassage('Instructions given to a chat model by the application, before the conversation.', 'definition'),
      termPassage('In chat APIs the system prompt is a separate message role with its own instructions.', 'paragraph'),
      termPassage(
        'Two cautions apply. A model can be coaxed into revealing what it was told, so it must hold no credentials.',
        'paragraph',
      ),
    ];
    const context: QuotingContext = {
      passages,
      ranking: { paragraphsOf: () => [1, 2], passagesBeside: () => [0, 1, 2], definitionOf: () => 0 },
    };
    const plan = planOf(
      [
        ['past', 3],
        ['kei', 3],
        ['prompt', 2],
        ['instruct', 1.5],
      ],
      'explanation',
    );
    expect(quotedOf(context, plan, 'why not paste api keys into the system prompt instructions')).toEqual([0, 2]);
  });
});

describe("an essay's figure description", () => {
  // The figure first: for a quantity asked, a later paragraph counts for less (FIGURE_LEAD_WEIGHTS).
  const texts = [
    'Figure: alpha, beta and gamma drawn side by side, 7 of each. The gamma too.',
    'The alpha costs 134 units a run. The beta is why.',
  ];
  const words: Array<[string, number]> = [
    ['alpha', 3],
    ['beta', 2],
    ['gamma', 2],
  ];

  it('counts for less than the prose that says why, though it mentions more of what is asked', () => {
    expect(quotedOf(sectionOf(texts), planOf(words, 'explanation'), 'why does alpha beta gamma')).toEqual([1]);
  });

  it('still answers how much with its worked numbers', () => {
    expect(quotedOf(sectionOf(texts), planOf(words, 'number'), 'how much do alpha beta gamma cost')).toEqual([0]);
  });

  it('yields a how much to an earlier paragraph that states a figure (FIGURE_LEAD_WEIGHTS)', () => {
    // Fitted held out: a section states its figure where it brings the thing in; later paragraphs,
    // a figure's description among them, work with it. Before that fit this quoted the figure ([1]).
    const prose = [texts[1]!, texts[0]!];
    expect(quotedOf(sectionOf(prose), planOf(words, 'number'), 'how much do alpha beta gamma cost')).toEqual([0]);
  });
});
