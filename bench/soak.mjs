// @ts-check
// `npm run bench:soak`: four minutes of the mixed load the hardening issue's attack run used
// (distinct searches at limit 200, ask GET and POST, sync and async batches, registrations, MCP calls,
// essays), with the RSS of our server and of a bare node:http process under a share of the same load
// sampled every 5 s, then a minute of idle to see memory fall back. SOAK_SECONDS and SOAK_IDLE_SECONDS
// shorten it.
import { Pool } from 'undici';
import { startOpenAlexStandIn } from '../test/support/openalex-stand-in.mjs';
import { syntheticWorks } from '../test/support/synthetic-works.mjs';
import { ensureBuilt, rssMegabytes, startBareServer, startOurServer } from './lib.mjs';

const LOAD_SECONDS = Number(process.env['SOAK_SECONDS'] ?? 240);
const IDLE_SECONDS = Number(process.env['SOAK_IDLE_SECONDS'] ?? 60);
const SAMPLE_MS = 5_000;
const CONNECTIONS = 16;

ensureBuilt();
// Enough works that a page of 200 is full, as it is on OpenAlex.
const standIn = await startOpenAlexStandIn({ works: [...syntheticWorks(20_000)] });
const ours = await startOurServer({ OPENALEX_URL: standIn.url, LOG_REQUESTS: 'false', REGISTER_PER_HOUR: '100000000' });
const body = Buffer.from(JSON.stringify({ results: [], total: 0 }));
const bare = await startBareServer({ status: 200, headers: { 'content-type': 'application/json' }, body });
const barePid = bare.pid;

const words = ['learning', 'neural', 'graph', 'model', 'network', 'chain', 'proof', 'token', 'vision', 'agent'];
let counter = 0;
/** One request of the mix, different each time where the attack run made it so. */
function nextRequest() {
  counter += 1;
  const word = `${words[counter % words.length]} ${counter}`;
  const json = { 'content-type': 'application/json' };
  const mcp = { ...json, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
  const batch = (/** @type {number} */ n) =>
    JSON.stringify({
      requests: Array.from({ length: n }, (_, i) => ({
        path: `/api/v1/reports/search?q=${encodeURIComponent(`${word} ${i}`)}&limit=200`,
      })),
    });
  const choices = [
    { method: 'GET', path: `/api/v1/reports/search?q=${encodeURIComponent(word)}&limit=200` },
    { method: 'GET', path: `/ask?q=${encodeURIComponent(`what is ${word}`)}` },
    { method: 'POST', path: '/ask', headers: json, body: JSON.stringify({ q: `how does ${word} work` }) },
    { method: 'POST', path: '/api/v1/batch', headers: json, body: batch(5) },
    { method: 'POST', path: '/api/v1/batch', headers: { ...json, prefer: 'respond-async' }, body: batch(5) },
    { method: 'POST', path: '/api/auth/register', headers: json, body: '{}' },
    {
      method: 'POST',
      path: '/.well-known/mcp',
      headers: mcp,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: counter,
        method: 'tools/call',
        params: { name: 'search_glossary', arguments: { query: word } },
      }),
    },
    { method: 'GET', path: '/essays/' },
  ];
  return choices[counter % choices.length];
}

/** @param {string} url @param {number} connections @param {() => boolean} going */
async function drive(url, connections, going) {
  const pool = new Pool(url, { connections });
  let sent = 0;
  const worker = async () => {
    while (going()) {
      const next = /** @type {any} */ (nextRequest());
      try {
        const response = await pool.request({
          method: next.method,
          path: next.path,
          headers: { 'accept-encoding': 'br, gzip', ...next.headers },
          body: next.body ?? null,
        });
        await response.body.dump();
        sent += 1;
      } catch {
        // counted by what it did not send
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.close();
  return sent;
}

/** @type {Array<{ t: number, phase: string, ours: number, bare: number }>} */
const samples = [];
const started = Date.now();
const sample = (/** @type {string} */ phase) => {
  const row = {
    t: Math.round((Date.now() - started) / 1000),
    phase,
    ours: rssMegabytes(ours.pid),
    bare: barePid ? rssMegabytes(barePid) : 0,
  };
  samples.push(row);
  console.log(
    `${String(row.t).padStart(4)} s  ${phase.padEnd(4)}  ours ${String(row.ours).padStart(4)} MB  bare ${String(row.bare).padStart(4)} MB`,
  );
};
sample('load');
const timer = setInterval(() => sample(Date.now() - started < LOAD_SECONDS * 1000 ? 'load' : 'idle'), SAMPLE_MS);
const going = () => Date.now() - started < LOAD_SECONDS * 1000;
const [oursSent, bareSent] = await Promise.all([drive(ours.url, CONNECTIONS, going), drive(bare.url, 2, going)]);
await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
clearInterval(timer);
sample('idle');

const loadRows = samples.filter((row) => row.phase === 'load');
const peak = Math.max(...samples.map((row) => row.ours));
const endOfLoad = loadRows.at(-1)?.ours ?? 0;
const end = samples.at(-1)?.ours ?? 0;
console.log(
  `\nsoak: ${oursSent} requests to ours and ${bareSent} to bare in ${LOAD_SECONDS} s; ours peak ${peak} MB, ` +
    `${endOfLoad} MB at the end of load, ${end} MB after ${IDLE_SECONDS} s idle; bare ${samples.at(-1)?.bare} MB`,
);
console.log(end <= 200 && end <= endOfLoad ? 'soak: PASS (≤ 200 MB and falling after load)' : 'soak: FAIL');
ours.stop();
bare.close();
await standIn.close();
process.exit(end <= 200 ? 0 : 1);
