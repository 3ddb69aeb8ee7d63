// Which source leads a comparison (comparison-lead.ts): the hand order of comparison.ts, weighed
// against how much of the whole question each source matches; the term both sides name and a side's
// stand-in weigh against leading, and the second side never goes before the first.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import {
  COMPARISON_LEAD_WEIGHTS,
  comparisonLeadFeatures,
  comparisonLeadOf,
  leadComparison,
  type ComparisonCandidate,
} from '../../src/core/ask/comparison-lead.ts';
import type { Ranked } from '../../src/core/ask/passage-ranking.ts';

/** Five passages, each its own source. */
const passages = Array.from({ length: 5 }, (_, at) => ({ slug: `source-${at}` }) as AskPassage);
const sourceOf = Int32Array.from(passages, (_, at) => at);
const hit = (passage: number, score: number): Ranked => ({ passage, score, coverage: 1, confidence: 1 });
/** The fused ranking: passage → score, best first. */
const rankedOf = (scores: Record<number, number>) =>
  Object.entries(scores)
    .map(([passage, score]) => hit(Number(passage), score))
    .sort((one, other) => other.score - one.score);
const leadOf = (leading: ComparisonCandidate[], ranked: Ranked[]) =>
  leadComparison(leading, ranked, passages, sourceOf)[0]!.passage;
const ORDER_ONLY = { order: 1, fused: 0, shared: 0, standIn: 0, first: 0, second: 0, half: 0 };

describe("a comparison's lead", () => {
  it('is a section that matches the whole question over a side stood in for by another term', () => {
    // "Multisig bridges vs light-client bridges": the first side's best passage names neither.
    const ranked = rankedOf({ 0: 0.3, 1: 0.3, 2: 1 });
    const leading: ComparisonCandidate[] = [
      { hit: hit(0, 0.3), role: 'side', standIn: true },
      { hit: hit(1, 0.3), role: 'otherSide' },
    ];
    expect(leadOf(leading, ranked)).toBe(2);
    expect(leadOf([{ ...leading[0]!, standIn: false }, leading[1]!], ranked)).toBe(0);
    const features = comparisonLeadFeatures([...leading, { hit: ranked[0]!, role: 'other' }], ranked, sourceOf);
    expect(comparisonLeadOf(features, ORDER_ONLY)).toBe(0);
  });

  it('is a side rather than the term both sides name, when the side matches more', () => {
    const ranked = rankedOf({ 0: 0.6, 1: 1, 2: 0.5 });
    const leading: ComparisonCandidate[] = [
      { hit: hit(0, 0.6), role: 'shared' },
      { hit: hit(1, 1), role: 'side' },
      { hit: hit(2, 0.5), role: 'otherSide' },
    ];
    expect(leadOf(leading, ranked)).toBe(1);
    const features = comparisonLeadFeatures(leading, ranked, sourceOf);
    expect(features.map((each) => each.shared)).toEqual([1, 0, 0]);
    expect(comparisonLeadOf(features, ORDER_ONLY)).toBe(0);
  });

  it('keeps the first side before the second, however more of the question the second matches', () => {
    const ranked = rankedOf({ 0: 0.2, 1: 1 });
    const leading: ComparisonCandidate[] = [
      { hit: hit(0, 0.2), role: 'side' },
      { hit: hit(1, 1), role: 'otherSide' },
    ];
    expect(leadOf(leading, ranked)).toBe(0);
    const features = comparisonLeadFeatures(leading, ranked, sourceOf);
    expect(features[1]!.fused * COMPARISON_LEAD_WEIGHTS.fused).toBeGreaterThan(features[0]!.order - features[1]!.order);
  });

  it('keeps the hand order where the sources match the question alike', () => {
    const ranked = rankedOf({ 0: 1, 1: 1, 2: 1 });
    const leading: ComparisonCandidate[] = [
      { hit: hit(2, 1), role: 'other' },
      { hit: hit(0, 1), role: 'side' },
      { hit: hit(1, 1), role: 'otherSide' },
    ];
    expect(leadComparison(leading, ranked, passages, sourceOf).map((each) => each.passage)).toEqual([2, 0, 1]);
  });

  it('is not a passage of the fused ranking that says one side only, however well it matches', () => {
    const ranked = rankedOf({ 0: 0.1, 1: 0.1, 2: 1 });
    const leading: ComparisonCandidate[] = [
      { hit: hit(0, 0.1), role: 'side' },
      { hit: hit(1, 0.1), role: 'otherSide' },
    ];
    const saysBoth = (passage: number) => passage !== 2;
    expect(leadComparison(leading, ranked, passages, sourceOf, saysBoth)[0]!.passage).toBe(0);
    expect(leadComparison(leading, ranked, passages, sourceOf)[0]!.passage).toBe(2);
  });

  it("weighs a section put forward for its subsection by the subsection's match", () => {
    const ranked = rankedOf({ 0: 0.2, 1: 0.9, 2: 1 });
    const features = comparisonLeadFeatures([{ hit: hit(0, 0.2), role: 'other', matching: 2 }], ranked, sourceOf);
    expect(features[0]!.fused).toBe(1);
  });
});
