// The worked examples of the decoding essay, the smart contracts essay and the glossary terms that
// restate them, computed again from their formulas: each claim finds the number the text states (a
// pattern with one capture group) and checks it is the formula's result rounded as written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, 'content', file), 'utf8').replace(/\s+/g, ' ');

interface Claim {
  file: string;
  /** What the number is, for the failure message. */
  what: string;
  /** Finds the stated figure: capture group 1 is the number as written (commas allowed). */
  pattern: RegExp;
  /** The figure from its formula, in the unit the text states it in. */
  value: number;
}

/** The essay's example: next-token logits for " mat", " sofa", " floor", " roof", " keyboard". */
const LOGITS = [3, 2, 1, 0.5, -1];
const softmax = (logits: number[], temperature: number) => {
  const scaled = logits.map((logit) => Math.exp(logit / temperature));
  const total = scaled.reduce((sum, x) => sum + x, 0);
  return scaled.map((x) => x / total);
};
const at1 = softmax(LOGITS, 1);
const atHalf = softmax(LOGITS, 0.5);
const at2 = softmax(LOGITS, 2);
const p = (probabilities: number[], index: number) => probabilities[index] ?? Number.NaN;
/** Running totals of the probabilities, highest first (the logits are already in that order). */
const cumulative = (probabilities: number[]) =>
  probabilities.map((_, i) => probabilities.slice(0, i + 1).reduce((a, b) => a + b, 0));
/** How many tokens top-p keeps: the smallest prefix whose total reaches p. */
const nucleusSize = (probabilities: number[], threshold: number) =>
  cumulative(probabilities).findIndex((total) => total >= threshold) + 1;
/** Expected tokens per target pass: accepted draft tokens plus the one the target always adds. */
const tokensPerPass = (acceptance: number, drafted: number) => (1 - acceptance ** (drafted + 1)) / (1 - acceptance);

const DECODING = 'essays/decoding-and-sampling.md';
const CONTRACTS = 'essays/smart-contracts-and-token-standards.md';
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})*(?:\.\d+)?)`;

const claims: Claim[] = [
  { file: DECODING, what: 'e^3', pattern: /exponentials are about (\d+\.\d+)/, value: Math.exp(3) },
  {
    file: DECODING,
    what: 'sum of exponentials',
    pattern: /which sum to about (\d+\.\d+)/,
    value: LOGITS.reduce((s, z) => s + Math.exp(z), 0),
  },
  { file: DECODING, what: 'P(mat) at T=1', pattern: /probabilities of about (\d\.\d+) for " mat"/, value: p(at1, 0) },
  { file: DECODING, what: 'P(sofa) at T=1', pattern: /, (\d\.\d+) for " sofa"/, value: p(at1, 1) },
  { file: DECODING, what: 'P(floor) at T=1', pattern: /, (\d\.\d+) for " floor"/, value: p(at1, 2) },
  { file: DECODING, what: 'P(roof) at T=1', pattern: /, (\d\.\d+) for " roof"/, value: p(at1, 3) },
  { file: DECODING, what: 'P(keyboard) at T=1', pattern: /and (\d\.\d+) for " keyboard"/, value: p(at1, 4) },
  { file: DECODING, what: 'P(mat) at T=0.5', pattern: /" Mat" rises to about (\d\.\d+)/, value: p(atHalf, 0) },
  { file: DECODING, what: 'P(sofa) at T=0.5', pattern: /" sofa" falls to (\d\.\d+)/, value: p(atHalf, 1) },
  {
    file: DECODING,
    what: 'the rest at T=0.5, percent',
    pattern: /the other three share the remaining (\d+)%/,
    value: (p(atHalf, 2) + p(atHalf, 3) + p(atHalf, 4)) * 100,
  },
  { file: DECODING, what: 'P(mat) at T=2', pattern: /" mat" drops to about (\d\.\d+)/, value: p(at2, 0) },
  { file: DECODING, what: 'P(sofa) at T=2', pattern: /with " sofa" at (\d\.\d+)/, value: p(at2, 1) },
  { file: DECODING, what: 'P(keyboard) at T=2', pattern: /even " keyboard" at (\d\.\d+)/, value: p(at2, 4) },
  {
    file: DECODING,
    what: 'top-2 total',
    pattern: /0\.62 and 0\.23 that sum to (\d\.\d+)/,
    value: p(at1, 0) + p(at1, 1),
  },
  {
    file: DECODING,
    what: 'top-2 renormalised, mat',
    pattern: /they become about (\d\.\d+)/,
    value: p(at1, 0) / (p(at1, 0) + p(at1, 1)),
  },
  {
    file: DECODING,
    what: 'top-2 renormalised, sofa',
    pattern: /they become about 0\.73 and (\d\.\d+)/,
    value: p(at1, 1) / (p(at1, 0) + p(at1, 1)),
  },
  {
    file: DECODING,
    what: 'running total at T=1, 3 tokens',
    pattern: /totals are 0\.62, 0\.85 and (\d\.\d+)/,
    value: p(cumulative(at1), 2),
  },
  { file: DECODING, what: 'nucleus size at T=1', pattern: /so top-p keeps (\d+) tokens/, value: nucleusSize(at1, 0.9) },
  {
    file: DECODING,
    what: 'running total at T=0.5, 2 tokens',
    pattern: /totals are 0\.86 and (\d\.\d+)/,
    value: p(cumulative(atHalf), 1),
  },
  {
    file: DECODING,
    what: 'nucleus size at T=0.5',
    pattern: /0\.98, so it keeps (\d+)/,
    value: nucleusSize(atHalf, 0.9),
  },
  {
    file: DECODING,
    what: 'running total at T=2, 4 tokens',
    pattern: /0\.42, 0\.67, 0\.82 and (\d\.\d+)/,
    value: p(cumulative(at2), 3),
  },
  {
    file: DECODING,
    what: 'nucleus size at T=2',
    pattern: /0\.94, so it keeps (\d+), and only/,
    value: nucleusSize(at2, 0.9),
  },
  { file: DECODING, what: 'greedy sequence', pattern: /0\.5 × 0\.4 = (\d\.\d+)/, value: 0.5 * 0.4 },
  { file: DECODING, what: 'beam sequence', pattern: /0\.4 × 0\.9 = (\d\.\d+)/, value: 0.4 * 0.9 },
  {
    file: DECODING,
    what: 'speculative tokens per pass',
    pattern: /that is about (\d\.\d+) tokens per target pass/,
    value: tokensPerPass(0.8, 4),
  },
  {
    file: 'glossary/speculative-decoding.md',
    what: 'speculative tokens per pass (glossary)',
    pattern: /produces about (\d\.\d+) tokens per pass/,
    value: tokensPerPass(0.8, 4),
  },
  {
    file: 'glossary/top-k-sampling.md',
    what: 'top-2 renormalised (glossary)',
    pattern: /probabilities of about (\d\.\d+) and/,
    value: p(at1, 0) / (p(at1, 0) + p(at1, 1)),
  },
  {
    file: 'glossary/top-p-sampling.md',
    what: 'P(roof) at T=1 (glossary)',
    pattern: /0\.08, (\d\.\d+) and 0\.01/,
    value: p(at1, 3),
  },
  {
    file: 'glossary/beam-search.md',
    what: 'beam sequence (glossary)',
    pattern: /a beam of two finds (\d\.\d+)/,
    value: 0.4 * 0.9,
  },
  {
    file: 'glossary/perplexity.md',
    what: 'cross-entropy of p = 0.25, nats',
    pattern: /ln 4 ≈ (\d\.\d+) nats/,
    value: Math.log(4),
  },
  {
    file: 'glossary/cross-entropy.md',
    what: 'cross-entropy of p = 0.01',
    pattern: /scores about (\d\.\d+)\./,
    value: -Math.log(0.01),
  },
  {
    file: 'glossary/confidence-interval.md',
    what: '95% interval, 70% on 500, points',
    pattern: /about plus or minus (\d+) points/,
    value: 1.96 * Math.sqrt((0.7 * 0.3) / 500) * 100,
  },
  {
    file: 'glossary/elo-rating.md',
    what: 'Elo win rate, 100 points',
    pattern: /wins about (\d+)% of the time/,
    value: 100 / (1 + 10 ** (-100 / 400)),
  },
  {
    file: 'glossary/elo-rating.md',
    what: 'Elo win rate, 10 points',
    pattern: /win rate of about (\d+)%/,
    value: 100 / (1 + 10 ** (-10 / 400)),
  },
  {
    file: 'glossary/reciprocal-rank-fusion.md',
    what: 'RRF of ranks 1 and 5',
    pattern: /1\/61 \+ 1\/65, about (\d\.\d+)/,
    value: 1 / 61 + 1 / 65,
  },
  {
    file: 'glossary/flash-attention.md',
    what: 'score matrix, MB',
    pattern: /about (\d+) MB in 16-bit/,
    value: (8192 ** 2 * 2) / 1e6,
  },
  {
    file: 'glossary/slippage.md',
    what: 'average price below start, percent',
    pattern: /about (\d+\.\d+)% below the starting price/,
    value: (1 - 1 / 1.1) * 100,
  },
  {
    file: 'glossary/epoch.md',
    what: 'epoch length, minutes',
    pattern: /32 slots, (\d+\.\d+) minutes/,
    value: (32 * 12) / 60,
  },
  {
    file: 'glossary/seed-phrase.md',
    what: 'BIP-39 bits per word',
    pattern: /each word carries (\d+) bits/,
    value: Math.log2(2048),
  },
  {
    file: CONTRACTS,
    what: '250 USDC in raw units',
    pattern: new RegExp(`250 USDC is stored as ${NUMBER} units`),
    value: 250 * 10 ** 6,
  },
  { file: CONTRACTS, what: 'approve fee, gwei', pattern: new RegExp(`that is ${NUMBER} gwei`), value: 46_000 * 2 },
  { file: CONTRACTS, what: 'approve fee, ETH', pattern: /or (0\.\d+) \[ETH\]/, value: (46_000 * 2) / 1e9 },
  {
    file: CONTRACTS,
    what: 'unlimited approval mantissa',
    pattern: /2\^\{256\} - 1 \\approx (\d\.\d+) \\times 10\^\{77\}/,
    value: (2 ** 256 - 1) / 1e77,
  },
  { file: CONTRACTS, what: 'allowance after the front-run', pattern: /allowance: 100 − 100 = (\d+)/, value: 100 - 100 },
  { file: CONTRACTS, what: 'allowance race total', pattern: /moves 100 \+ 50 = (\d+) tokens/, value: 100 + 50 },
  {
    file: 'glossary/token-approval.md',
    what: 'allowance race total (glossary)',
    pattern: /moving (\d+) in total/,
    value: 100 + 50,
  },
  { file: CONTRACTS, what: 'vault balance', pattern: /so the vault holds (\d+) ETH/, value: 10 + 1 },
  {
    file: CONTRACTS,
    what: 'reentrant withdrawals',
    pattern: /after (\d+) withdrawals the vault is empty/,
    value: (10 + 1) / 1,
  },
  {
    file: 'glossary/reentrancy.md',
    what: 'reentrant withdrawals (glossary)',
    pattern: /it can withdraw (\d+) times/,
    value: (10 + 1) / 1,
  },
];

/** Half a unit in the last written digit: "0.62" allows 0.005, "92,000" allows 0.5. */
function roundingAllowance(written: string): number {
  const decimals = written.split('.')[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals + 1e-9;
}

describe('worked examples of decoding, tokens and approvals', () => {
  it.each(claims.map((claim) => [claim.what, claim] as const))('%s', (_what, claim) => {
    const found = claim.pattern.exec(read(claim.file));
    expect(found, `${claim.file} no longer states ${claim.what} (${String(claim.pattern)})`).not.toBeNull();
    const written = (found?.[1] ?? '').replaceAll(',', '');
    expect(
      Math.abs(Number(written) - claim.value),
      `${claim.file}: ${claim.what} is written ${written}, the formula gives ${claim.value}`,
    ).toBeLessThanOrEqual(roundingAllowance(written));
  });

  it('catches the temperature-2 probability stated as the temperature-1 one', () => {
    expect(Math.abs(0.62 - p(at2, 0))).toBeGreaterThan(roundingAllowance('0.62'));
  });

  it('catches an allowance race that forgets the spend before the new approval', () => {
    expect(Math.abs(50 - (100 + 50))).toBeGreaterThan(roundingAllowance('150'));
  });
});
