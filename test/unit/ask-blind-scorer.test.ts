// The blind set's scorer (test/support/ask-blind.ts) on made-up questions, never the set's own: a
// section named with curly quotes, as the rendered pages print headings, is the section the index
// names with straight ones, as the Markdown writes them.
import { describe, expect, it } from 'vitest';
import { scoreBlind, type BlindAnswer, type BlindQuestion } from '../support/ask-blind.ts';

const answered = (section: string): BlindAnswer => ({
  answer: { passages: [{ slug: 'consensus', section }], text: 'Finality means a block cannot be reverted.' },
  sources: [{ type: 'essay', slug: 'consensus', section }],
});

describe('the blind scorer', () => {
  it('takes curly and straight quotes and apostrophes in section names as the same', () => {
    const questions: BlindQuestion[] = [
      { kind: 'definition', q: 'a', expect: ['essay:consensus § What “final” means'], facts: ['cannot be reverted'] },
      { kind: 'definition', q: 'b', expect: ['essay:consensus § The chain’s head'] },
    ];
    const score = scoreBlind(questions, [answered('What "final" means'), answered("The chain's head")]);
    expect(score.top1).toBe(1);
    expect(score.top3).toBe(1);
    expect(score.fact).toBe(0.5);
  });

  it('still tells different sections apart', () => {
    const questions: BlindQuestion[] = [
      { kind: 'definition', q: 'a', expect: ['essay:consensus § What “final” means'] },
    ];
    const score = scoreBlind(questions, [answered('What "finality" means')]);
    expect(score.top1).toBe(0);
  });
});
