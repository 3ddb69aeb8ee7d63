// The blind set's scorer (test/support/ask-blind.ts) on made-up questions, never the set's own: a
// section named with curly quotes, as the rendered pages print headings, is the section the index
// names with straight ones, as the Markdown writes them; a passage under a `###` heading is in the
// `##` section that holds it, which is how the sets name sections.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentSections,
  contentSourceKeys,
  readQuestionSet,
  scoreBlind,
  straightQuotes,
  type BlindAnswer,
  type BlindQuestion,
} from '../support/ask-blind.ts';

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

  it('counts a subsection as the section that holds it, and not the other way round', () => {
    const sectionOf = (slug: string, heading: string) =>
      slug === 'consensus' && heading === 'Votes, worked through' ? 'How votes finalise' : undefined;
    const questions: BlindQuestion[] = [
      { kind: 'procedure', q: 'a', expect: ['essay:consensus § How votes finalise'] },
      { kind: 'procedure', q: 'b', expect: ['essay:consensus § Votes, worked through'] },
      { kind: 'procedure', q: 'c', expect: ['essay:consensus § Votes, worked through'] },
    ];
    const answers = [
      answered('Votes, worked through'),
      answered('Votes, worked through'),
      answered('How votes finalise'),
    ];
    expect(scoreBlind(questions, answers, sectionOf).top1).toBeCloseTo(2 / 3);
    // Without the content's subsections, only the heading as named counts.
    expect(scoreBlind(questions, answers, () => undefined).top1).toBeCloseTo(1 / 3);
  });

  it("reads the content's own subsections", () => {
    expect(contentSections()('decoding-and-sampling', 'Top-k')).toBe('Sampling, and cutting off the tail');
    expect(contentSections()('decoding-and-sampling', 'Sampling, and cutting off the tail')).toBeUndefined();
  });
});

// A renamed heading leaves a set's key naming nothing, and a right answer then scores as a miss: the
// development set ask-dev.json named 19 sections by the first words of headings renamed since.
describe('the question sets', () => {
  const fixtures = path.resolve(import.meta.dirname, '../fixtures');
  const existing = contentSourceKeys();
  const sets = readdirSync(fixtures).filter((name) => /^ask-.*\.json$/.test(name));

  it.each(sets)('%s names only sources the content has', (file) => {
    const unknown = readQuestionSet(path.join(fixtures, file))
      .flatMap((question) => (question.expect ?? []).map(straightQuotes))
      .filter((key) => !existing.has(key));
    // The blind set's keys stay unread: only their count leaves this test.
    expect(file === 'ask-blind.json' ? unknown.length : unknown).toEqual(file === 'ask-blind.json' ? 0 : []);
  });
});
