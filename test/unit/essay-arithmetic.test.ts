// The figures the essays work out from a formula, computed again: each claim finds the number an essay
// states (a pattern with one capture group) and checks it is the formula's result rounded as written,
// so a mistyped or miscomputed worked example fails here instead of reaching a reader.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const contentRoot = path.resolve(import.meta.dirname, '../../content');

/**
 * A file's prose with its TeX read as the plain arithmetic it states, so one pattern finds a figure
 * whether it is written "20,000 × 0.825" or "$$20{,}000 \times 0.825$$".
 */
function plainText(markdown: string): string {
  return markdown
    .replaceAll('$$', '')
    .replaceAll('{,}', ',')
    .replace(/\\approx\b/g, '≈')
    .replace(/\\times\b/g, '×')
    .replace(/\\cdot\b/g, '·')
    .replace(/\\bmod\b/g, 'mod')
    .replace(/\s+/g, ' ');
}

const read = (file: string, root = contentRoot) => plainText(readFileSync(path.join(root, file), 'utf8'));

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

/** The x with a·x ≡ 1 (mod m), by trying each residue: m is tiny here. */
const inverseMod = (a: number, m: number) => {
  const residue = ((a % m) + m) % m;
  return [...Array(m).keys()].find((x) => (residue * x) % m === 1) ?? Number.NaN;
};

const DEFI = 'essays/defi-mechanics.md';
const EVAL = 'essays/evaluating-language-models-honestly.md';
const RAG = 'essays/retrieval-augmented-generation-in-practice.md';
const ATTENTION = 'essays/attention-and-transformers.md';
const ZK = 'essays/zero-knowledge-proofs-for-engineers.md';
const AGENTS = 'essays/agents-and-tool-use.md';
const ROLLUPS = 'essays/rollups-and-ethereum-scaling.md';
const LEARN = 'essays/how-language-models-learn.md';

/** The constant-product pool of the DeFi essay, scaled: sell `sold` ETH into x ETH and y USDC. */
const constantProductSale = (x: number, y: number, sold: number) => {
  const received = y - (x * y) / (x + sold);
  const startPrice = y / x;
  const endPrice = (x * y) / (x + sold) ** 2;
  return {
    averageBelowStart: (1 - received / sold / startPrice) * 100,
    marginalBelowStart: (1 - endPrice / startPrice) * 100,
  };
};
const deeperPool = constantProductSale(10_000, 20_000_000, 10);
/** Usable bytes of one blob: 4,096 field elements of which 31 bytes each stay below the modulus. */
const usableBlobBytes = 4096 * 31;

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
  {
    file: 'essays/prompting-as-programming.md',
    what: 'messages the few-shot prompt misroutes',
    pattern: /add the (\d+) messages it still misroutes/,
    value: 120 * (1 - 0.86),
  },
  {
    file: DEFI,
    what: 'average execution below start, 100× deeper pool',
    pattern: /execute about (\d+(?:\.\d+)?)% below the starting price on average/,
    value: deeperPool.averageBelowStart,
  },
  {
    file: DEFI,
    what: 'marginal price move, 100× deeper pool',
    pattern: /marginal price would end about (\d+(?:\.\d+)?)% lower/,
    value: deeperPool.marginalBelowStart,
  },
  { file: DEFI, what: 'constant k', pattern: /100 × 200,000 = (\d{1,3}(?:,\d{3})*)/, value: 100 * 200_000 },
  {
    file: 'essays/stablecoins-and-their-failure-modes.md',
    what: 'Maker liquidation price',
    pattern: /P &< \\\$(\d{1,3}(?:,\d{3})*)/,
    value: (1.5 * 15_000) / 10,
  },
  {
    file: LEARN,
    what: 'bytes per parameter in mixed-precision Adam training',
    pattern: /each parameter still needs about (\d+) bytes/,
    value: 2 + 2 + 4 + 8,
  },
  {
    file: LEARN,
    what: 'training memory of a 7B model, GB',
    pattern: /7-billion-parameter model needs about (\d+) GB/,
    value: (7e9 * 16) / 1e9,
  },
  {
    file: LEARN,
    what: '6ND for GPT-3, ×10^23',
    pattern: /≈ (\d+(?:\.\d+)?) × 10\^\{23\}/,
    value: (6 * 175e9 * 300e9) / 1e23,
  },
  { file: ROLLUPS, what: 'usable bytes of a blob', pattern: /usable data, ([\d,]+) bytes/, value: usableBlobBytes },
  {
    file: ROLLUPS,
    what: 'calldata gas for one blob of data, millions',
    pattern: /126,976 × 16 ≈ (\d+(?:\.\d+)?) million gas/,
    value: (usableBlobBytes * 16) / 1e6,
  },
  {
    file: ROLLUPS,
    what: 'calldata cost per transaction, cents',
    pattern: /or about (\w+) cents per transaction/,
    value: ((usableBlobBytes * 16 * 10e-9) / (usableBlobBytes / 120)) * 3000 * 100,
    allowance: 0.5,
  },
  {
    file: ROLLUPS,
    what: 'blob cost for the batch, dollars',
    pattern: /roughly \$(\d+(?:\.\d+)?) for the whole batch/,
    value: 131_072 * 1e-9 * 3000,
  },
  {
    file: ROLLUPS,
    what: 'simple transfers per 30M-gas block',
    pattern: /30,000,000 \/ 21,000 ≈ ([\d,]+)/,
    value: Math.floor(30_000_000 / 21_000),
  },
  {
    file: ROLLUPS,
    what: 'simple transfers per second',
    pattern: /or about (\d+) per second/,
    value: 30_000_000 / 21_000 / 12,
  },
  {
    file: 'essays/how-blockchains-agree.md',
    what: 'Merkle proof bytes for a million transactions',
    pattern: /about 20 hashes, or (\d+) bytes/,
    value: Math.ceil(Math.log2(1e6)) * 32,
  },
  {
    file: 'glossary/quantization.md',
    what: '70B weights at 16 bits, GB',
    pattern: /At 16 bits, a 70-billion-parameter model needs about (\d+) GB/,
    value: (70e9 * 2) / 1e9,
  },
  {
    file: 'glossary/quantization.md',
    what: '70B weights at 4 bits, GB',
    pattern: /At 4 bits it needs about (\d+) GB/,
    value: (70e9 * 0.5) / 1e9,
  },
  {
    file: RAG,
    what: 'int8 vector storage, GB',
    pattern: /8-bit integers cuts that to about (\d+) GB/,
    value: (2e6 * 1024) / 1e9,
  },
  {
    file: RAG,
    what: 'binary vector storage, MB',
    pattern: /one-bit binary codes to about (\d+) MB/,
    value: (2e6 * 1024) / 8 / 1e6,
  },
  {
    file: ATTENTION,
    what: 'KV cache of one 4,096-token conversation, GiB',
    pattern: /4,096-token conversation needs (\d+) GiB/,
    value: (4096 * 2 * 32 * 32 * 128 * 2) / 2 ** 30,
  },
  {
    file: ATTENTION,
    what: 'KV cache of a batch of sixteen, GiB',
    pattern: /sixteen of them in a batch need (\d+) GiB/,
    value: (16 * 4096 * 2 * 32 * 32 * 128 * 2) / 2 ** 30,
  },
  { file: ZK, what: 'Schnorr response s', pattern: /s = 3 \+ 5 · 7 = (\d+)/, value: 3 + 5 * 7 },
  {
    file: ZK,
    what: 'Schnorr second response mod 11',
    pattern: /which is (\d+) mod 11\. From/,
    value: (3 + 9 * 7) % 11,
  },
  {
    file: ZK,
    what: 'extracted secret from two transcripts',
    pattern: /\\frac\{5\}\{-4\} mod 11 = (\d+)/,
    value: (5 * inverseMod(-4, 11)) % 11,
  },
  { file: ZK, what: 'simulated commitment t', pattern: /t = 48 mod 23 = (\d+)/, value: (16 * 3) % 23 },
  { file: ZK, what: 'order of 2 mod 23', pattern: /2\^\{11\} = 2048 = 89 · 23 \+ (\d+)/, value: 2 ** 11 - 89 * 23 },
  {
    file: ZK,
    what: 'R1CS witness x^3 + 2x + 7 at x = 3',
    pattern: /= \(1, 3, 9, 27, (\d+)\)/,
    value: 3 ** 3 + 2 * 3 + 7,
  },
];

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/** A figure as written: digits with thousands commas, or a small number in words ("six cents"). */
const writtenNumber = (written: string) => NUMBER_WORDS[written.toLowerCase()] ?? Number(written.replaceAll(',', ''));

/** Half a unit in the last written digit: "25.5" allows 0.05, "18,182" allows 0.5. */
function roundingAllowance(written: string): number {
  const decimals = written.split('.')[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals + 1e-9;
}

/** Why a claim does not hold in the content under `root`, or undefined when it does. */
function claimProblem(claim: Claim, root = contentRoot): string | undefined {
  const found = claim.pattern.exec(read(claim.file, root));
  if (found === null) return `${claim.file} no longer states ${claim.what} (${String(claim.pattern)})`;
  const written = found[1] ?? '';
  const stated = writtenNumber(written);
  const allowed = claim.allowance ?? roundingAllowance(written.replaceAll(',', ''));
  if (Number.isNaN(stated) || Math.abs(stated - claim.value) > allowed)
    return `${claim.file}: ${claim.what} is written ${written}, the formula gives ${claim.value}`;
  return undefined;
}

describe('figures the essays compute from a formula', () => {
  it.each(claims.map((claim) => [claim.what, claim] as const))('%s', (_what, claim) => {
    expect(claimProblem(claim)).toBeUndefined();
  });

  it('catches the fivefold impermanent loss stated as the fourfold one', () => {
    const claim = claims.find((c) => c.what === 'impermanent loss, fivefold');
    expect(Math.abs(20 - (claim?.value ?? 0))).toBeGreaterThan(roundingAllowance('20'));
  });
});

describe('a planted arithmetic error in a copy of the content', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'content-arithmetic-'));
  cpSync(contentRoot, copy, { recursive: true });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const plant = (file: string, from: string, to: string) => {
    const full = path.join(copy, file);
    const text = readFileSync(full, 'utf8');
    expect(text, `${file} should contain the sentence to corrupt`).toContain(from);
    writeFileSync(full, text.replace(from, to));
  };
  const claim = (what: string) => claims.find((c) => c.what === what) as Claim;

  it('fails the misrouted count when it says eleven, as it once did', () => {
    plant('essays/prompting-as-programming.md', 'add the 17 messages', 'add the 11 messages');
    expect(claimProblem(claim('messages the few-shot prompt misroutes'), copy)).toMatch(
      /misroutes is written 11, the formula gives 16\.8/,
    );
  });

  it('fails a health factor computed wrongly inside TeX', () => {
    plant('essays/defi-mechanics.md', '12{,}000 \\approx 1.38', '12{,}000 \\approx 1.83');
    expect(claimProblem(claim('health factor'), copy)).toMatch(/health factor is written 1\.83/);
  });

  it('fails when a worked example is reworded so its figure can no longer be found', () => {
    plant('essays/rollups-and-ethereum-scaling.md', 'roughly $0.39 for the whole batch', 'a fraction of a dollar');
    expect(claimProblem(claim('blob cost for the batch, dollars'), copy)).toMatch(/no longer states blob cost/);
  });
});

describe('references cited in more than one essay', () => {
  it('give the same year everywhere (BERT was once 2018 in one list and 2019 in another)', () => {
    const essays = readdirSync(path.join(contentRoot, 'essays')).filter((name) => name.endsWith('.md'));
    const yearsByUrl = new Map<string, Set<string>>();
    for (const name of essays) {
      const text = readFileSync(path.join(contentRoot, 'essays', name), 'utf8');
      for (const match of text.matchAll(/year: (\d{4})\s+venue: .*\s+url: "([^"]+)"/g)) {
        const [, year = '', url = ''] = match;
        yearsByUrl.set(url, (yearsByUrl.get(url) ?? new Set()).add(year));
      }
    }
    const disagreeing = [...yearsByUrl].filter(([, years]) => years.size > 1).map(([url]) => url);
    expect(yearsByUrl.size).toBeGreaterThan(50);
    expect(disagreeing).toEqual([]);
  });
});
