// A question that names something is answered where the name is spoken (named-lead.ts): a passage
// ranked first on the question's other words that never speaks the name gives way to a runner-up,
// near it, that speaks the name and nearly all else asked, instead of the names rule declining.
import { describe, expect, it } from 'vitest';
import { namedLead } from '../../src/core/ask/named-lead.ts';
import type { Ranked } from '../../src/core/ask/passage-ranking.ts';
import type { Concept, Plan } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';

describe('namedLead', () => {
  // Passage 0 (a vote-buying attack) speaks of proposals; 1 and 2 of Steamco's quorum for them.
  const spoken: Record<number, string[]> = { 0: ['propos'], 1: ['propos', 'quorum', 'steamco'], 2: ['steamco'] };
  const context = {
    speaksTo: (term: string, at: number) => spoken[at]!.includes(term),
    frequency: () => 0,
    passages: 3,
  };
  const concept = (word: string, named: boolean): Concept => ({
    asked: [word],
    idf: 1,
    alternatives: [[word.toLowerCase()]],
    named,
  });
  const plan: Plan = {
    concepts: [concept('Steamco', true), concept('quorum', false), concept('propos', false)],
    weights: new Map(),
  };
  const question = parseQuestion("What's Steamco's quorum for a proposal to pass?");
  const hit = (passage: number, score: number, confidence: number): Ranked => ({
    passage,
    score,
    coverage: confidence,
    confidence,
  });

  it('puts first a runner-up near the best hit that speaks the name it never speaks', () => {
    const ranked = namedLead([hit(0, 0.148, 0.79), hit(1, 0.144, 1)], question, plan, context);
    expect(ranked.map((each) => each.passage)).toEqual([1, 0]);
  });

  it('leaves the order when the runner-up is far behind, or speaks the name but little else', () => {
    const far = [hit(0, 0.148, 0.79), hit(1, 0.12, 1)];
    expect(namedLead(far, question, plan, context)).toBe(far);
    // Solana named in passing by a bridge hack is no answer to how to become a validator on Solana.
    const inPassing = [hit(0, 0.148, 0.79), hit(2, 0.147, 0.78)];
    expect(namedLead(inPassing, question, plan, context)).toBe(inPassing);
  });

  it('leaves the order when the best hit speaks the name', () => {
    const named = [hit(1, 0.148, 1), hit(0, 0.147, 0.79)];
    expect(namedLead(named, question, plan, context)).toBe(named);
  });
});
