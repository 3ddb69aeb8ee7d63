import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ask = (query: string) => http(`${server.url}/ask?${query}`);
const postAsk = (body: unknown, headers: Record<string, string> = {}) =>
  http(`${server.url}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('GET /ask', () => {
  it('answers with ranked sources and an extractive answer, as documented', async () => {
    const response = await ask('q=what%20is%20a%20zk%20rollup%3F');
    expect(response.status).toBe(200);
    const body = response.json();
    expectMatchesOpenApi('/ask', 'get', 200, body);
    expect(body.query).toBe('what is a zk rollup?');
    expect(body.sources[0]).toMatchObject({ type: 'glossary', slug: 'zk-rollup' });
    // Its category's page: the whole glossary no longer fits one page of the largest limit.
    const term = (await http(`${server.url}/api/v1/glossary?category=web3-scaling&limit=200`))
      .json()
      .terms.find((t: { slug: string }) => t.slug === 'zk-rollup');
    // The definition whole opens the answer; the essay section ranked beside it may follow.
    expect(body.answer).toMatchObject({ type: 'glossary', slug: 'zk-rollup' });
    expect(body.answer.passages[0].text).toBe(term.definition);
    expect(body.answer.text.startsWith(term.definition)).toBe(true);
    expect(body.total).toBeGreaterThanOrEqual(body.sources.length);
    expect(typeof body.took_ms).toBe('number');
  });

  it('points essay hits at their section anchor', async () => {
    const body = (await ask('q=how%20do%20optimistic%20rollups%20and%20zk%20rollups%20differ')).json();
    const essayHit = body.sources.find(
      (source: { type: string; url: string }) => source.type === 'essay' && source.url.includes('#'),
    );
    expect(essayHit.url).toMatch(/\/essays\/[a-z0-9-]+#[a-z0-9-]+$/);
    const page = await http(`${server.url}${new URL(essayHit.url).pathname}`);
    expect(page.text).toContain(`id="${new URL(essayHit.url).hash.slice(1)}"`);
  });

  it('sends snippets as plain text, with the ranges of the words that matched', async () => {
    const body = (await ask(`q=${encodeURIComponent('<script>alert(1)</script> rollup')}`)).json();
    expect(body.sources.length).toBeGreaterThan(0);
    // A source found by meaning alone (issue 50) may share no word with the question: the first,
    // found by its words, has highlights, and every highlight is a word of the question.
    expect(body.sources[0].highlights.length).toBeGreaterThan(0);
    for (const source of body.sources) {
      expect(source.snippet).not.toMatch(/<mark>|&#\d+;/);
      const marked = source.highlights.map(([start, end]: [number, number]) => source.snippet.slice(start, end));
      for (const word of marked) expect(word).toMatch(/^(?:rollups?|script(?:s|ing)?|alerts?|1)$/i);
    }
  });

  it('says plainly when it has no confident answer, and still lists the nearest sources', async () => {
    const response = await ask(`q=${encodeURIComponent('what is the capital of France')}`);
    const body = response.json();
    expectMatchesOpenApi('/ask', 'get', 200, body);
    expect(body.answer).toBeNull();
    expect(body.no_answer_reason).toMatch(/^No confident answer: .*“France”/);
    expect(body.confidence).toBeLessThan(0.55);
    expect(body.sources.length).toBeGreaterThan(0);
  });

  it('answers in readers’ words from where they found the answer, and leaves chat unanswered', async () => {
    // A development set's question, which the index learned (reader-questions.ts): without what
    // readers asked it is declined, nothing of the content sharing its words.
    const asked =
      'Once a community vote on a crypto project passes, why does the change not take effect straight away?';
    const body = (await ask(`q=${encodeURIComponent(asked)}`)).json();
    expect(body.sources[0]).toMatchObject({
      type: 'essay',
      slug: 'dao-governance',
      section: 'From proposal to execution',
    });
    expect(body.answer.text).toMatch(/timelock/);
    // Readers' chat is not learned as content.
    for (const chat of ['yo bro wtf', 'help my inbox is a mess'])
      expect((await ask(`q=${encodeURIComponent(chat)}`)).json().answer).toBeNull();
  });

  it('answers a comparison from both sides, each passage with its source', async () => {
    const body = (await ask(`q=${encodeURIComponent('difference between optimistic and zk rollups')}`)).json();
    expectMatchesOpenApi('/ask', 'get', 200, body);
    expect(body.answer.passages.map((passage: { slug: string }) => passage.slug)).toEqual([
      'optimistic-rollup',
      'zk-rollup',
    ]);
    expect(body.answer.text).toBe(body.answer.passages.map((passage: { text: string }) => passage.text).join('\n\n'));
  });

  it('keeps the case of the question: DID is an identifier, "did" a stopword', async () => {
    const acronym = (await ask('q=what%20is%20a%20DID')).json();
    expect(acronym.sources[0]).toMatchObject({ type: 'glossary', slug: 'decentralized-identity' });
    const word = (await ask('q=what%20is%20a%20did')).json();
    expect(word.sources.map((source: { slug: string }) => source.slug)).not.toContain('decentralized-identity');
  });

  it('supports quoted phrases, prefixes and the query alias', async () => {
    const phrase = (await ask(`q=${encodeURIComponent('"scaled dot-product attention"')}`)).json();
    expect(phrase.sources.length).toBeGreaterThan(0);
    expect(
      phrase.sources.every(
        (source: { slug: string }) =>
          source.slug === 'attention-and-transformers' ||
          source.slug === 'attention-mechanism' ||
          source.slug === 'self-attention' ||
          source.slug === 'multi-head-attention',
      ),
    ).toBe(true);
    const prefix = (await ask('q=stableco&types=glossary')).json();
    expect(prefix.sources.slice(0, 2).map((source: { slug: string }) => source.slug)).toContain('stablecoin');
    expect((await ask('query=what%20is%20LoRA')).json().sources[0].slug).toBe('lora');
  });

  it('names the alias query in a message about its value, and lets q win when both are sent', async () => {
    const short = await ask('query=a');
    expect(short.status).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'query_too_short' });
    expect(short.json().error.message).toMatch(/^Query parameter "query": /);
    const both = await ask('q=what%20is%20gas&query=what%20is%20a%20rollup');
    expect(both.json().query).toBe('what is gas');
    // The alias left behind never reaches the operation: the answer is the one q alone gets, worked out once.
    expect(both.text).toBe((await ask('q=what%20is%20gas')).text);
    const posted = await postAsk({ query: 'a' });
    expect(posted.json().error.message).toMatch(/^Body field "query": /);
    expect((await postAsk({ query: 'what is gas' })).json().query).toBe('what is gas');
  });

  it('tells a client that sent no question how to send one', async () => {
    const message = (await http(`${server.url}/ask`, { headers: { accept: 'application/json' } })).json().error.message;
    expect(message).toMatch(/^Query parameter "q": .*, e\.g\. \?q=\S+\.$/);
    const example = new URLSearchParams(/\?(q=\S+)\.$/.exec(message)![1]).get('q')!;
    expect((await ask(`q=${encodeURIComponent(example)}`)).status).toBe(200);
  });

  it('filters by type and limits the number of sources', async () => {
    const essaysOnly = (await ask('q=rollup&types=essay&limit=3')).json();
    expect(essaysOnly.sources.length).toBe(3);
    expect(essaysOnly.sources.every((source: { type: string }) => source.type === 'essay')).toBe(true);
  });

  it.each([
    ['', 'missing_query'],
    ['q=', 'missing_query'],
    ['q=%20', 'missing_query'],
    ['q=a', 'query_too_short'],
    ['q=rollup&limit=0', 'invalid_parameter'],
    ['q=rollup&limit=21', 'invalid_parameter'],
    ['q=rollup&types=papers', 'invalid_parameter'],
  ])('refuses "%s" with %s', async (query, code) => {
    const response = await ask(query);
    expect(response.status).toBe(400);
    expect(response.json().error.code).toBe(code);
    expectMatchesOpenApi('/ask', 'get', 400, response.json());
  });
});

describe('POST /ask', () => {
  it('answers the same as GET', async () => {
    const posted = await postAsk({ q: 'what is a merkle tree', limit: 3 });
    expect(posted.status).toBe(200);
    expectMatchesOpenApi('/ask', 'post', 200, posted.json());
    const got = (await ask('q=what%20is%20a%20merkle%20tree&limit=3')).json();
    expect({ ...posted.json(), took_ms: 0 }).toEqual({ ...got, took_ms: 0 });
  });

  it('answers from the same operation as GET, so a question asked both ways is worked out once', async () => {
    const got = await ask('q=how%20does%20a%20validator%20get%20slashed&limit=4&types=essay');
    const posted = await postAsk({ q: 'how does a validator get slashed', limit: 4, types: ['essay'] });
    expect(posted.status).toBe(200);
    // took_ms is measured when the answer is worked out: equal bytes mean POST did not search again.
    expect(posted.text).toBe(got.text);
  });

  it('answers compressed as the client asks, and replays a keyed answer in the coding the repeat asks for', async () => {
    const question = { q: 'how is a rollup secured', limit: 10 };
    const plain = await postAsk(question);
    expect(plain.body.byteLength).toBeGreaterThan(1400);
    const brotli = await postAsk(question, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(plain.text);
    const key = `ask-coding-${Date.now()}`;
    const keyed = await postAsk(question, { 'accept-encoding': 'gzip', 'idempotency-key': key });
    expect(gunzipSync(keyed.body).toString()).toBe(plain.text);
    const replayed = await postAsk(question, { 'idempotency-key': key });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.headers['content-encoding']).toBeUndefined();
    expect(replayed.text).toBe(plain.text);
  });

  it.each([
    ['not json', 'application/json', 400, 'invalid_body'],
    ['{"q": 5}', 'application/json', 400, 'invalid_body'],
    ['{"limit": 3}', 'application/json', 400, 'missing_query'],
    ['{"q": "rollup", "types": ["papers"]}', 'application/json', 400, 'invalid_body'],
    ['{"q": "rollup"}', 'text/plain', 415, 'unsupported_media_type'],
  ])('refuses %s (%s) with %i %s', async (body, type, status, code) => {
    const response = await http(`${server.url}/ask`, { method: 'POST', headers: { 'content-type': type }, body });
    expect(response.status).toBe(status);
    expect(response.json().error.code).toBe(code);
  });
});

async function readEvents(
  body: unknown,
  stopAfter?: (event: EventSourceMessage) => boolean,
): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  let stop = false;
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      if (stopAfter?.(event)) stop = true;
    },
  });
  for await (const chunk of body as AsyncIterable<Buffer>) {
    parser.feed(chunk.toString('utf8'));
    if (stop) break;
  }
  return events;
}

describe('streaming (prefer.streaming)', () => {
  it('sends meta, one source per hit, answer deltas and done, each with an id', async () => {
    const response = await request(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'what is proof of stake', limit: 4, prefer: { streaming: true } }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = await readEvents(response.body);
    const names = events.map((event) => event.event);
    expect(names[0]).toBe('meta');
    expect(names.filter((name) => name === 'source')).toHaveLength(4);
    expect(names.at(-1)).toBe('done');
    expect(names.indexOf('answer')).toBeGreaterThan(names.lastIndexOf('source'));
    expect(events.map((event) => Number(event.id))).toEqual(events.map((_, index) => index + 1));
    const answer = events
      .filter((event) => event.event === 'answer')
      .map((event) => JSON.parse(event.data).delta)
      .join('');
    const plain = (await ask('q=what%20is%20proof%20of%20stake&limit=4')).json();
    expect(answer).toBe(plain.answer.text);
    expect(events.filter((event) => event.event === 'source').map((event) => JSON.parse(event.data).slug)).toEqual(
      plain.sources.map((source: { slug: string }) => source.slug),
    );
  });

  it("streams the operation's own answer: a question asked as JSON first is not searched again", async () => {
    const got = (await ask('q=what%20is%20a%20validator&limit=2')).json();
    const streamed = await request(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'what is a validator', limit: 2, prefer: { streaming: true } }),
    });
    const [meta] = await readEvents(streamed.body, (event) => event.event === 'meta');
    // took_ms is measured when the answer is worked out: the same figure means the same answer.
    expect(JSON.parse(meta!.data).took_ms).toBe(got.took_ms);
  });

  it('stops the stream when the client goes away', async () => {
    const id = `sse-abort-${Date.now()}`;
    const controller = new AbortController();
    const response = await request(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': id },
      body: JSON.stringify({ q: 'how do rollups post data to ethereum', prefer: { streaming: true } }),
      signal: controller.signal,
    });
    const events = await readEvents(response.body, (event) => event.event === 'answer');
    controller.abort();
    expect(events.at(-1)?.event).toBe('answer');
    const [line] = await server.linesWith(id);
    expect(line, 'request log line').toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ status: 200, aborted: true });
  });
});

describe('the Ask page without JavaScript', () => {
  it('answers a browser GET /ask?q= with the page and the results rendered in', async () => {
    const response = await http(`${server.url}/ask?q=${encodeURIComponent('what is <gas>?')}`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['vary']).toContain('Accept');
    expect(response.text).toMatch(/<input id="ask-q"[^>]* value="what is &#60;gas&#62;\?"[^>]*>/);
    expect(response.text).not.toContain('<gas>');
    expect(response.text).toMatch(/<h2>Answer<\/h2><blockquote class="definition">/);
    expect(response.text).toContain('href="http://localhost:4321/glossary/gas"');
  });

  it('shows plainly that there is no confident answer, with the nearest sources', async () => {
    const response = await http(`${server.url}/ask?q=${encodeURIComponent('who won the 2018 world cup')}`, {
      headers: { accept: 'text/html' },
    });
    expect(response.text).toMatch(/<h2>Answer<\/h2><p class="no-answer"><strong>No confident answer\.<\/strong> /);
    // One lead-in: the reason the API gives ("No confident answer: …") loses its own on the page.
    expect(response.text).not.toMatch(/<\/strong> No (confident )?answer/i);
    expect(response.text).toContain('<title>who won the 2018 world cup · Ask · Research Hub</title>');
    expect(response.text).not.toContain('<blockquote class="definition">');
    expect(response.text).toMatch(/<h2>Matching pages<\/h2><ol class="cards"><li>/);
  });

  it('answers a browser GET /ask without a question with the empty page, and API clients with 400', async () => {
    const page = await http(`${server.url}/ask`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form id="ask-form"');
    expect(page.text).toMatch(/<input id="ask-q"[^>]* value=""[^>]*>/);
    expect(page.text).not.toContain('data-ask-query');
    expect((await http(`${server.url}/ask`, { headers: { accept: '*/*' } })).status).toBe(400);
  });

  it('answers a browser whose question is too short with the empty page, to ask again', async () => {
    const page = await http(`${server.url}/ask?q=a`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<input id="ask-q"[^>]* value=""[^>]*>/);
    expect(page.headers['vary']).toContain('Accept');
  });

  it('has a Markdown twin', async () => {
    const twin = await http(`${server.url}/ask.md`);
    expect(twin.status).toBe(200);
    expect(twin.text).toMatch(/^# Ask/);
  });
});

describe('questions as people type them', () => {
  it('corrects a misspelt question and says what it searched for, in JSON, the event stream and the page', async () => {
    const response = await ask('q=waht%20is%20a%20smart%20contrat');
    const body = response.json();
    expectMatchesOpenApi('/ask', 'get', 200, body);
    expect(body.searched_for).toBe('what is a smart contract');
    expect(body.answer).toMatchObject({ type: 'glossary', slug: 'smart-contract' });
    expect((await ask('q=what%20is%20a%20smart%20contract')).json().searched_for).toBeNull();

    const streamed = await request(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'waht is a smart contrat', prefer: { streaming: true } }),
    });
    const [meta] = await readEvents(streamed.body, (event) => event.event === 'meta');
    expect(JSON.parse(meta!.data)).toMatchObject({ searched_for: 'what is a smart contract' });

    const page = await http(`${server.url}/ask?q=waht%20is%20a%20smart%20contrat`, {
      headers: { accept: 'text/html' },
    });
    expect(page.text).toMatch(/<p class="searched-for">Showing results for <em>what is a smart contract<\/em><\/p>/);
  });

  it('reads an English word the content lacks as itself, not as a typo of a content word', async () => {
    // One edit from "accept" and "addition", which the content uses; the speller leaves both alone,
    // and ranking must not correct them behind its back (it quoted the verifier that "accepts").
    for (const word of ['accented', 'addicted']) {
      const body = (await ask(`q=${word}`)).json();
      expect(body.searched_for).toBeNull();
      expect(body.answer).toBeNull();
    }
  });

  it('answers a question in slang: everyday words the content lacks are neither typos nor its subject', async () => {
    // "legit" is a letter from "logit", which the content uses; "gimmick" it never writes.
    const body = (await ask(`q=${encodeURIComponent('are soulbound tokens actually legit or just a gimmick')}`)).json();
    expect(body.searched_for).toBeNull();
    expect(body.answer).toMatchObject({ slug: 'soulbound-token' });
  });

  it.each([
    ['what is the price of ether today', /live data/],
    ['should I buy bitcoin now', /advice/],
    ['what is a kalman filter', /never mention “kalman filter”/],
    ["I'm 52 with $90k in my pension. Should I move a quarter of it into ether?", /advice/],
    ['How are staking rewards taxed in Canada?', /tax or legal position/],
    ["How big is Gemini 3's context window?", /never mention “Gemini 3”/],
    ['Solana vs Avalanche: which one is faster and cheaper?', /mention “Solana”, “Avalanche” only in passing/],
    ['yo whats gas on arbitrum rn, like a few cents?', /live data/],
    ['How many parameters does GPT-4 have?', /mention “GPT-4” but never state that figure/],
    ['Our DAO is thinking of a Wyoming LLC. How do the options compare for taxes?', /tax or legal position/],
    ['Pinecone vs Weaviate vs Qdrant: which vector database should I use?', /“Pinecone”, “Weaviate” only in passing/],
    ['Is bitcoin or gold the better long-term investment?', /advice/],
    ['Do I owe the government anything when I trade one coin for another?', /tax or legal position/],
    ['Why did FTX collapse in 2022?', /mention “FTX” only in passing/],
    ['How do I apply for a Gitcoin grant for my open-source project?', /mention “Gitcoin” only in passing/],
    // A year's move of a thing the content only sets beside the year (ask-dev19, ask-dev21).
    ["Why did Bitcoin's price fall so much during 2022?", /never tell what happened to “Bitcoin” in 2022/],
    // Named AI products ranked against each other ask for a pick (ask-dev47, ask-dev50).
    ['hey is claude or gemini better for writing my cover letters lol', /advice on what to buy or do/],
    ['Aave vs Compound: which currently pays more interest on USDC deposits?', /live data/],
    ['bro i got rugged on a farm, can the police actually get my money back??', /tax or legal position/],
    // Ideas the content does not cover, described in everyday words or named by words it uses.
    [
      "Is there a way to make an already-trained model forget one person's data without retraining it?",
      /seems to ask about machine unlearning, which the essays and glossary do not cover/,
    ],
    ['how do ring signatures hide who the real signer was', /ring and group signatures/],
    // A figure the content states and never gives a reason for (ask-dev25, ask-dev26).
    ["Why is Bitcoin's supply capped at exactly 21 million coins?", /state “21 million coins” but never say why/],
    // A name the content never says the source of, and a year later than it tells of (ask-dev82, ask-dev83).
    ["Why was Ethereum's August 2021 upgrade given the name London?", /state “London” but never say why/],
    ["Will Ethereum's fees be lower in 2029?", /tell of nothing as late as 2029/],
    // A release named with a hyphen, which once made the successor rule throw (later-years.ts).
    ['what came as the next release after GPT-4o', /tell of nothing after “GPT-4o”/],
    // Whether what the content tells of ever led somewhere (later-years.ts; ask-dev94).
    ['did the Ooki DAO ever actually pay its penalty?', /never tell what came of it later/],
    // A price the content never states in money (unmeasured.ts; ask-dev90).
    ['How much would it cost to rent one H100 GPU for an hour?', /mention “cost” but never state a figure of it/],
    // Like a development set's unanswerable question, which every other rule answered (asked-before.ts).
    [
      'how do i switch off the memory in chatgpt',
      /readers have asked questions like “[^”]*\bchatgpt\b[^”]*”, which the essays and glossary do not answer/,
    ],
  ])('declines %s, saying what the site offers or why', async (question, reason) => {
    const body = (await ask(`q=${encodeURIComponent(question)}`)).json();
    expectMatchesOpenApi('/ask', 'get', 200, body);
    expect(body.answer).toBeNull();
    expect(body.confidence).toBe(0);
    expect(body.no_answer_reason).toMatch(reason);
    expect(body.sources.length).toBeGreaterThan(0);
  });

  // Look-alikes of the decline rules that the content answers (review of 30 November).
  it.each([
    ['Is AdamW better than Adam?', 'adam-optimizer'],
    ['Why is it called impermanent loss?', 'impermanent-loss'],
    ['What did the Pectra upgrade of May 2025 change for blobs?', 'rollups-and-ethereum-scaling'],
    ['Is DistilBERT faster than BERT?', 'distillation'],
    ['How much does the base fee rise per block under EIP-1559?', 'transactions-gas-and-mev'],
    ['How many parameters did GPT-3 have?', 'gpt'],
    ['studying for my exam rn, what is a merkle tree?', 'merkle-tree'],
    ['What priority fee should I pay for my transaction to get into the next block?', 'transactions-gas-and-mev'],
    // Chat's shorthands, once declined as names the content never mentions.
    ['mixtral 8x7b how many params actually run per token tho', 'mixture-of-experts'],
    ['my loss keeps blowing up to nan after a few steps, lr too high??', 'how-language-models-learn'],
    // A name's end the content explains, though it has no heading (review of 30 November).
    ['why did LUNA collapse', 'stablecoins-and-their-failure-modes'],
    // A year's move the content tells; a name it writes as "Terra's UST".
    ['Why did USDC drop below a dollar in March 2023?', 'stablecoins-and-their-failure-modes'],
    ['Why did ether fall so much in March 2020?', 'defi-mechanics'],
    ['why did Terra UST collapse', 'algorithmic-stablecoin'],
    // The same everyday words about what the content covers.
    ['Why does a model forget what it learned before when I fine-tune it on a new task?', 'catastrophic-forgetting'],
    ['How can two of three people have to sign before a shared wallet moves funds?', 'multisig'],
    ['Why did the Chinchilla study pick about 20 tokens per parameter?', 'scaling-laws'],
  ])('answers %s from %s', async (question, slug) => {
    const body = (await ask(`q=${encodeURIComponent(question)}`)).json();
    expect(body.answer).not.toBeNull();
    expect(body.sources.map((source: { slug: string }) => source.slug)).toContain(slug);
  });

  it('answers a comparison from both sides, the sides first', async () => {
    const body = (await ask('q=proof%20of%20stake%20vs%20proof%20of%20work')).json();
    expect(body.answer.passages.map((passage: { slug: string }) => passage.slug)).toEqual([
      'proof-of-stake',
      'proof-of-work',
    ]);
    expect(body.sources.slice(0, 2).map((source: { slug: string }) => source.slug)).toEqual([
      'proof-of-stake',
      'proof-of-work',
    ]);
  });

  it('adds a sentence that sets the sides against each other, where the content has one', async () => {
    const body = (await ask('q=what%20is%20the%20difference%20between%20RLHF%20and%20DPO')).json();
    const [first, second, contrast] = body.answer.passages;
    expect([first.slug, second.slug]).toEqual(['rlhf', 'direct-preference-optimization']);
    expect(contrast.text).toMatch(/\bDPO\b.*\bRLHF\b|\bRLHF\b.*\bDPO\b/);
    expect(contrast.text.split(' ').length).toBeLessThanOrEqual(30);
    expect(body.answer.text.endsWith(contrast.text)).toBe(true);
    // No such sentence here: each side's passage, nothing else.
    expect((await ask('q=hard%20fork%20vs%20soft%20fork')).json().answer.passages).toHaveLength(2);
  });

  it('adds two adjacent sentences that take one side each, where no sentence names both', async () => {
    const { passages } = (await ask('q=rollup%20vs%20sidechain')).json().answer;
    expect(passages.slice(0, 2).map((passage: { slug: string }) => passage.slug)).toEqual(['rollup', 'sidechain']);
    const [one, other] = passages[2].text.split(/(?<=\.) /);
    expect(one).toMatch(/^A rollup\b/);
    expect(other).toMatch(/^A sidechain\b/);
  });

  it('reads a long question for its question part', async () => {
    const question =
      'I have been reading about language models for a while and I keep seeing people mention that they make things ' +
      'up, why do language models hallucinate';
    const body = (await ask(`q=${encodeURIComponent(question)}`)).json();
    expect(body.query).toBe(question);
    expect(body.answer).toMatchObject({ slug: 'hallucination' });
  });
});
