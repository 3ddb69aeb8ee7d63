// The figures the essays work out from a formula, computed again: each claim finds the number an essay
// states (a pattern with one capture group) and checks it is the formula's result rounded as written,
// so a mistyped or miscomputed worked example fails here instead of reaching a reader.
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
  /** How far the written figure may be from it, when the text rounds more coarsely than its last digit. */
  allowance?: number;
}

const impermanentLoss = (ratio: number) => (1 - (2 * Math.sqrt(ratio)) / (1 + ratio)) * 100;
/** Half-width in points of a 95% interval for accuracy p on n questions. */
const interval95 = (p: number, n: number) => 1.96 * Math.sqrt((p * (1 - p)) / n) * 100;
const eloWin = (gap: number) => 100 / (1 + 10 ** (-gap / 400));
const softmax = (scores: number[]) => {
  const total = scores.reduce((sum, score) => sum + Math.exp(score), 0);
  return scores.map((score) => Math.exp(score) / total);
};
const attention = softmax([0, 2 / Math.SQRT2, 1 / Math.SQRT2]);
const bm25Idf = (n: number) => Math.log(1 + (10_000 - n + 0.5) / (n + 0.5));
const bm25Tf = (count: number) => (count * 2.2) / (count + 1.2);
const norm = (v: number[]) => Math.hypot(...v);
const cat = [0.9, 0.8, 0.1];
const kitten = [0.8, 0.9, 0.2];
const invoice = [0.1, 0, 0.9];
const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
const cosine = (a: number[], b: number[]) => dot(a, b) / (norm(a) * norm(b));
const pow = (base: number, exponent: number, modulus: number) => {
  let result = 1;
  for (let i = 0; i < exponent; i += 1) result = (result * base) % modulus;
  return result;
};

const DEFI = 'essays/defi-mechanics.md';
const EVAL = 'essays/evaluating-language-models-honestly.md';
const RAG = 'essays/retrieval-augmented-generation-in-practice.md';
const ATTENTION = 'essays/attention-and-transformers.md';
const ZK = 'essays/zero-knowledge-proofs-for-engineers.md';
const AGENTS = 'essays/agents-and-tool-use.md';

const claims: Claim[] = [
  {
    file: DEFI,
    what: 'impermanent loss, doubling',
    pattern: /about (\d+(?:\.\d+)?)% for a doubling/,
    value: impermanentLoss(2),
  },
  {
    file: DEFI,
    what: 'impermanent loss, fourfold',
    pattern: /(\d+(?:\.\d+)?)% for a fourfold/,
    value: impermanentLoss(4),
  },
  {
    file: DEFI,
    what: 'impermanent loss, fivefold',
    pattern: /(\d+(?:\.\d+)?)% for a fivefold/,
    value: impermanentLoss(5),
  },
  {
    file: 'glossary/impermanent-loss.md',
    what: 'impermanent loss, tenfold',
    pattern: /tenfold move about (\d+(?:\.\d+)?)%/,
    value: impermanentLoss(10),
  },
  {
    file: DEFI,
    what: 'USDC left in the pool',
    pattern: /110 ETH and [^≈]*≈ (\d{1,3}(?:,\d{3})*) USDC/,
    value: 20e6 / 110,
  },
  {
    file: DEFI,
    what: 'USDC the trader receives',
    pattern: /the trader receives about (\d{1,3}(?:,\d{3})*) USDC:/,
    value: 200_000 - 20e6 / 110,
  },
  {
    file: DEFI,
    what: 'price impact',
    pattern: /(\d+(?:\.\d+)?)% below the starting price/,
    value: (1 - 1 / 1.1) * 100,
  },
  {
    file: DEFI,
    what: 'USDC received after the 0.3% fee',
    pattern: /trader receives about (\d{1,3}(?:,\d{3})*) USDC; the fee/,
    value: 200_000 - 20e6 / (100 + 10 * 0.997),
  },
  { file: DEFI, what: 'health factor', pattern: /12,000 ≈ (\d+(?:\.\d+)?)\./, value: (20_000 * 0.825) / 12_000 },
  { file: DEFI, what: 'liquidation price', pattern: /0\.825\) ≈ (\d{1,3}(?:,\d{3})*)/, value: 12_000 / (10 * 0.825) },
  {
    file: DEFI,
    what: 'fall to liquidation',
    pattern: /a fall of about (\d+)%/,
    value: (1 - 12_000 / (10 * 0.825) / 2000) * 100,
  },
  { file: AGENTS, what: '20 steps at 95%', pattern: /finishes only about (\d+)%/, value: 0.95 ** 20 * 100 },
  {
    file: AGENTS,
    what: '20 steps at 99%',
    pattern: /at 99% per step it finishes about (\d+)%/,
    value: 0.99 ** 20 * 100,
  },
  {
    file: EVAL,
    what: 'interval, 500 at 50%',
    pattern: /plus or minus (\d+(?:\.\d+)?) points\. On GSM8K/,
    value: interval95(0.5, 500),
  },
  {
    file: EVAL,
    what: 'interval, GSM8K',
    pattern: /at 90%, it is about plus or minus (\d+(?:\.\d+)?)/,
    value: interval95(0.9, 1319),
  },
  {
    file: EVAL,
    what: 'interval, MMLU',
    pattern: /at 85%, it is about plus or minus (\d+(?:\.\d+)?)/,
    value: interval95(0.85, 14_042),
  },
  {
    file: EVAL,
    what: 'unpaired difference interval',
    pattern: /95% interval of about plus or minus (\d+(?:\.\d+)?) points/,
    value: 1.96 * Math.sqrt((0.7 * 0.3 + 0.73 * 0.27) / 500) * 100,
  },
  {
    file: EVAL,
    what: 'paired standard error',
    pattern: /paired standard error is about (\d+(?:\.\d+)?) points/,
    value: (Math.sqrt(40 + 25 - (40 - 25) ** 2 / 500) / 500) * 100,
  },
  { file: EVAL, what: 'Elo 100 points', pattern: /100-point gap means A wins about (\d+)%/, value: eloWin(100) },
  { file: EVAL, what: 'Elo 50 points', pattern: /50-point gap, about (\d+)%/, value: eloWin(50) },
  { file: EVAL, what: 'Elo 10 points', pattern: /10-point gap, about (\d+)%/, value: eloWin(10) },
  {
    file: RAG,
    what: 'interval, 200 at 80%',
    pattern: /roughly plus or minus (\d+(?:\.\d+)?) percentage/,
    value: interval95(0.8, 200),
  },
  {
    file: RAG,
    what: 'float32 storage, GB',
    pattern: /32-bit floats take about (\d+(?:\.\d+)?) GB/,
    value: (2e6 * 1024 * 4) / 1e9,
  },
  { file: RAG, what: 'IDF of a rare code', pattern: /IDF of about (\d+(?:\.\d+)?)/, value: bm25Idf(3) },
  { file: RAG, what: 'IDF of "error"', pattern: /4,000 chunks, gets about (\d+(?:\.\d+)?)/, value: bm25Idf(4000) },
  { file: RAG, what: 'BM25 tf, 3 occurrences', pattern: /about (\d+(?:\.\d+)?) for three/, value: bm25Tf(3) },
  { file: RAG, what: 'BM25 tf, 10 occurrences', pattern: /about (\d+(?:\.\d+)?) for ten/, value: bm25Tf(10) },
  { file: RAG, what: 'RRF, chunk A', pattern: /1\/61 \+ 1\/65 ≈ (\d+(?:\.\d+)?)/, value: 1 / 61 + 1 / 65 },
  { file: RAG, what: 'RRF, chunk C', pattern: /2\/62 ≈ (\d+(?:\.\d+)?)/, value: 2 / 62 },
  { file: RAG, what: 'RRF, chunk B', pattern: /1\/63 ≈ (\d+(?:\.\d+)?)/, value: 1 / 63 },
  {
    file: ATTENTION,
    what: 'softmax weight 1',
    pattern: /softmax of those is roughly (\d+(?:\.\d+)?)/,
    value: attention[0] ?? 0,
  },
  { file: ATTENTION, what: 'softmax weight 2', pattern: /roughly 0\.14, (\d+(?:\.\d+)?)/, value: attention[1] ?? 0 },
  {
    file: ATTENTION,
    what: 'softmax weight 3',
    pattern: /roughly 0\.14, 0\.58 and (\d+(?:\.\d+)?)/,
    value: attention[2] ?? 0,
  },
  {
    file: ATTENTION,
    what: 'KV cache per token, KiB',
    pattern: /2 bytes, or (\d+) KiB per token/,
    value: (2 * 32 * 32 * 128 * 2) / 1024,
  },
  {
    file: ATTENTION,
    what: 'score matrix, MB',
    pattern: /about (\d+) MB in 16-bit floats/,
    value: (8192 ** 2 * 2) / 1e6,
  },
  {
    file: 'essays/tokens-and-embeddings.md',
    what: 'cosine of cat and kitten',
    pattern: /so the cosine is about (\d+(?:\.\d+)?)/,
    value: cosine(cat, kitten),
  },
  {
    file: 'essays/tokens-and-embeddings.md',
    what: 'cosine of cat and invoice',
    pattern: /a cosine of about (\d+(?:\.\d+)?)/,
    value: cosine(cat, invoice),
  },
  {
    file: 'essays/fine-tuning-and-preference-optimisation.md',
    what: 'LoRA adapter share of the matrix',
    pattern: /under (\d+(?:\.\d+)?)% of the matrix/,
    value: ((2 * 4096 * 8) / 4096 ** 2) * 100,
  },
  {
    file: 'essays/how-language-models-learn.md',
    what: 'GPT-3 GPU-hours, thousands',
    pattern: /roughly (\d+(?:\.\d+)?),000 GPU-hours/,
    value: (6 * 175e9 * 300e9) / (0.4 * 3e14) / 3600 / 1000,
    allowance: 5, // "roughly 730,000": to the nearest ten thousand
  },
  {
    file: 'essays/where-ai-and-blockchains-meet.md',
    what: 'blocks to store a 7B model, thousands',
    pattern: /about (\d+),000 blocks/,
    value: ((7e9 / 32) * 20_000) / 60e6 / 1000,
  },
  { file: ZK, what: 'Schnorr y = 2^7 mod 23', pattern: /2\^7 mod 23 = (\d+)/, value: pow(2, 7, 23) },
  { file: ZK, what: 'Schnorr 13^5 mod 23', pattern: /13\^5 mod 23 is (\d+)/, value: pow(13, 5, 23) },
  { file: ZK, what: 'Groth16 pairing gas', pattern: /4 × 34,000 = (\d{1,3}(?:,\d{3})*)/, value: 45_000 + 4 * 34_000 },
];

/** Half a unit in the last written digit: "25.5" allows 0.05, "18,182" allows 0.5. */
function roundingAllowance(written: string): number {
  const decimals = written.split('.')[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals + 1e-9;
}

describe('figures the essays compute from a formula', () => {
  it.each(claims.map((claim) => [claim.what, claim] as const))('%s', (_what, claim) => {
    const found = claim.pattern.exec(read(claim.file));
    expect(found, `${claim.file} no longer states ${claim.what} (${String(claim.pattern)})`).not.toBeNull();
    const written = (found?.[1] ?? '').replaceAll(',', '');
    const stated = Number(written);
    expect(
      Math.abs(stated - claim.value),
      `${claim.file}: ${claim.what} is written ${written}, the formula gives ${claim.value}`,
    ).toBeLessThanOrEqual(claim.allowance ?? roundingAllowance(written));
  });

  it('catches the fivefold impermanent loss stated as the fourfold one', () => {
    const claim = claims.find((c) => c.what === 'impermanent loss, fivefold');
    expect(Math.abs(20 - (claim?.value ?? 0))).toBeGreaterThan(roundingAllowance('20'));
  });
});
