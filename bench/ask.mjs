// @ts-check
// Ask, SSE and batch measurements (part of `npm run bench`).
import { request } from 'undici';
import { importTs } from './load-ts.mjs';
import { median } from './lib.mjs';

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const fmt = (/** @type {number} */ ms) => `${ms.toFixed(3)} ms`;

const WORDS =
  'rollup proof stake token model attention gradient ledger oracle validator consensus embedding retrieval agent tool chain block fee layer bridge vector transformer sequencer blob circuit'.split(
    ' ',
  );

/** In-process: 1,000 synthetic essays (8 sections each) and 500 terms, a mixed query load. */
export async function askInProcess() {
  const { AskIndex } = await importTs('src/core/ask/ask-index.ts');
  /** @param {number} seed @param {number} count */
  const prose = (seed, count) =>
    Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 13 + ((i * i) % 5)) % WORDS.length]).join(' ');
  const documents = [];
  for (let t = 0; t < 500; t += 1) {
    documents.push({
      id: `glossary:term-${t}`,
      type: 'glossary',
      slug: `term-${t}`,
      title: `Synthetic term ${t} ${WORDS[t % WORDS.length]}`,
      aliases: [`st${t}`],
      text: prose(t, 120),
      definition: prose(t, 30),
      url: `http://x/glossary/term-${t}`,
      markdownUrl: `http://x/glossary/term-${t}.md`,
    });
  }
  for (let e = 0; e < 1000; e += 1) {
    for (let s = 0; s < 8; s += 1) {
      documents.push({
        id: `essay:essay-${e}:${s}`,
        type: 'essay',
        slug: `essay-${e}`,
        title: `Synthetic essay ${e}: section ${s}`,
        aliases: [`Synthetic essay ${e}`],
        text: prose(e * 8 + s, 190),
        definition: null,
        url: `http://x/essays/essay-${e}#s${s}`,
        markdownUrl: `http://x/essays/essay-${e}.md`,
      });
    }
  }
  let started = performance.now();
  const serialised = JSON.parse(JSON.stringify(AskIndex.build(documents)));
  const buildMs = performance.now() - started;
  started = performance.now();
  const index = AskIndex.load(serialised);
  const loadMs = performance.now() - started;
  const queries = [
    'rollup',
    'what is a validator',
    'how do bridges move tokens between chains',
    '"proof stake"',
    'transfor',
    'embedding retrieval agent',
    'what is synthetic term 42',
  ];
  const options = { limit: 5, types: ['essay', 'glossary'] };
  for (let i = 0; i < 200; i += 1) index.search(queries[i % queries.length], options);
  const times = [];
  for (let i = 0; i < 3_000; i += 1) {
    const t = performance.now();
    index.search(queries[i % queries.length], options);
    times.push(performance.now() - t);
  }
  console.log(
    `${'ask in-process (8,500 documents)'.padEnd(34)} p50 ${fmt(percentile(times, 50))} p99 ${fmt(percentile(times, 99))} | index build ${buildMs.toFixed(0)} ms, load ${loadMs.toFixed(0)} ms`,
  );
}

/** Time to the first SSE event of POST /ask streaming, over HTTP. @param {string} url */
export async function firstSseEvent(url) {
  const times = [];
  for (let i = 0; i < 200; i += 1) {
    const t = performance.now();
    const response = await request(`${url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        q: i % 2 ? 'what is a rollup' : 'how does retrieval reduce hallucination',
        prefer: { streaming: true },
      }),
    });
    for await (const chunk of response.body) {
      if (String(chunk).includes('event: meta')) break;
    }
    times.push(performance.now() - t);
    response.body.destroy();
  }
  console.log(
    `${'ask SSE, first event'.padEnd(34)} p50 ${fmt(percentile(times, 50))} p99 ${fmt(percentile(times, 99))}`,
  );
}

/** A batch of 20 cached sub-requests against one request of the same route. @param {string} url */
export async function batchVersusOne(url) {
  const path = '/api/v1/glossary?limit=5';
  /** @param {() => Promise<import('undici').Dispatcher.ResponseData>} call */
  const time = async (call) => {
    const t = performance.now();
    const response = await call();
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
    return performance.now() - t;
  };
  const one = [];
  const twenty = [];
  const body = JSON.stringify({ requests: Array.from({ length: 20 }, () => ({ path })) });
  for (let i = 0; i < 300; i += 1) {
    one.push(await time(() => request(`${url}${path}`)));
    twenty.push(
      await time(() =>
        request(`${url}/api/v1/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      ),
    );
  }
  const ratio = median(twenty) / median(one);
  console.log(
    `${'batch of 20 cached vs one request'.padEnd(34)} one p50 ${fmt(median(one))} | batch p50 ${fmt(median(twenty))} | ${ratio.toFixed(2)}x`,
  );
}
