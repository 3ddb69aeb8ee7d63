// @ts-check
// A local stand-in for the OpenAlex API: a real HTTP server that answers GET /works like OpenAlex
// (search with crude stemming and phrases, filter, sort, page/per_page, cursor paging, select,
// 400 on bad parameters) from Work records, plus injectable faults (status codes with Retry-After,
// slowness, malformed JSON, hangs, dropped connections). Used by tests and benchmarks.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

/** @typedef {Record<string, any>} Work */
/**
 * @typedef {{ kind: 'status', status: number, retryAfter?: string, times?: number }
 *   | { kind: 'slow', delayMs: number, times?: number }
 *   | { kind: 'malformed', times?: number }
 *   | { kind: 'hang', times?: number }
 *   | { kind: 'reset', times?: number }} Fault
 */

const ALLOWED_PARAMS = new Set([
  'search',
  'filter',
  'sort',
  'per_page',
  'per-page',
  'page',
  'select',
  'api_key',
  'mailto',
  'cursor',
]);
const FILTER_KEYS = new Set(['concepts.id', 'topics.id', 'publication_year', 'type', 'cited_by_count']);
const MAX_PAGED_RESULTS = 10_000;

/** @param {string} path @returns {Work[]} */
export function readJsonl(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/** @param {string} word */
export function stem(word) {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/** @param {string} text */
const words = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** @param {string} text */
const flat = (text) => words(text).join(' ');

/** @param {Work} work */
const titleOf = (work) => String(work['display_name'] ?? work['title'] ?? '');

/**
 * @param {string} search
 * @returns {(work: Work) => boolean}
 */
export function matcher(search) {
  const phrases = [...search.matchAll(/"([^"]+)"/g)].map((match) => flat(match[1] ?? ''));
  const rest = search.replace(/"[^"]*"/g, ' ');
  const terms = words(rest)
    .filter((word) => !['and', 'or', 'not'].includes(word))
    .map(stem);
  return (work) => {
    const title = titleOf(work);
    const stems = new Set(words(title).map(stem));
    const text = ` ${flat(title)} `;
    return terms.every((term) => stems.has(term)) && phrases.every((phrase) => text.includes(` ${phrase} `));
  };
}

/**
 * @param {string} key
 * @param {string} value
 * @returns {(work: Work) => boolean}
 */
function filterClause(key, value) {
  const negate = value.startsWith('!');
  const options = (negate ? value.slice(1) : value).split('|').map((option) => option.trim().toLowerCase());
  /** @param {Work} work */
  const test = (work) => {
    switch (key) {
      case 'concepts.id':
        return (work['concepts'] ?? []).some((/** @type {Work} */ c) =>
          options.some(
            (id) =>
              String(c['id'] ?? '')
                .toLowerCase()
                .endsWith(`/${id}`) || String(c['id']).toLowerCase() === id,
          ),
        );
      case 'topics.id':
        return (work['topics'] ?? []).some((/** @type {Work} */ t) =>
          options.some((id) =>
            String(t['id'] ?? '')
              .toLowerCase()
              .endsWith(`/${id}`),
          ),
        );
      case 'publication_year':
        return options.includes(String(work['publication_year']));
      case 'type':
        return options.includes(String(work['type']).toLowerCase());
      case 'cited_by_count':
        return options.some((option) =>
          option.startsWith('>')
            ? work['cited_by_count'] > Number(option.slice(1))
            : work['cited_by_count'] === Number(option),
        );
      default:
        return false;
    }
  };
  return negate ? (work) => !test(work) : test;
}

/**
 * @param {{ works: Work[] }} options
 */
export async function startOpenAlexStandIn({ works }) {
  /** @type {Array<{ path: string, query: Record<string, string> }>} */
  const requests = [];
  /** @type {Fault | undefined} */
  let fault;
  let faultCount = 0;
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();

  /** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body @param {Record<string,string>} [headers] */
  const send = (res, status, body, headers = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
  /** @param {import('node:http').ServerResponse} res @param {string} message */
  const badRequest = (res, message) => send(res, 400, { error: 'Invalid query parameters error.', message });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });

    if (fault && faultCount < (fault.times ?? Number.POSITIVE_INFINITY)) {
      faultCount += 1;
      const active = fault;
      if (active.kind === 'status') {
        return send(
          res,
          active.status,
          { error: `stand-in fault ${active.status}` },
          active.retryAfter ? { 'retry-after': active.retryAfter } : {},
        );
      }
      if (active.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"meta": {"count": 3}, "results": [ {"id": ');
      }
      if (active.kind === 'hang') return; // never answers
      if (active.kind === 'reset') return req.socket.destroy();
      if (active.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, active.delayMs));
    }

    if (url.pathname !== '/works')
      return send(res, 404, { error: 'Not found', message: `${url.pathname} is not served by the stand-in` });
    for (const key of url.searchParams.keys()) {
      if (!ALLOWED_PARAMS.has(key)) return badRequest(res, `${key} is not a valid parameter`);
    }
    const perPage = Number(url.searchParams.get('per_page') ?? url.searchParams.get('per-page') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 200)
      return badRequest(res, 'per-page parameter must be between 1 and 200');
    if (!Number.isInteger(page) || page < 1) return badRequest(res, 'page parameter must be a positive integer');
    const cursor = url.searchParams.get('cursor');
    if (!cursor && page * perPage > MAX_PAGED_RESULTS) {
      return badRequest(
        res,
        'Maximum results size of 10,000 records is supported when paging. Use cursor paging for more.',
      );
    }

    /** @type {Array<(work: Work) => boolean>} */
    const tests = [];
    for (const clause of (url.searchParams.get('filter') ?? '').split(',').filter(Boolean)) {
      const colon = clause.indexOf(':');
      const key = clause.slice(0, colon);
      if (colon < 1 || !FILTER_KEYS.has(key)) return badRequest(res, `${key || clause} is not a valid filter`);
      tests.push(filterClause(key, clause.slice(colon + 1)));
    }
    const search = url.searchParams.get('search');
    if (search) tests.push(matcher(search));
    let matching = works.filter((work) => tests.every((test) => test(work)));

    const sort = url.searchParams.get('sort');
    if (sort) {
      if (sort !== 'cited_by_count:desc' && sort !== 'cited_by_count')
        return badRequest(res, `${sort} is not a valid sort`);
      const sign = sort.endsWith(':desc') ? -1 : 1;
      matching = [...matching].sort(
        (a, b) =>
          sign * ((a['cited_by_count'] ?? 0) - (b['cited_by_count'] ?? 0)) ||
          String(a['id']).localeCompare(String(b['id'])),
      );
    }

    let start = (page - 1) * perPage;
    /** @type {string | null | undefined} */
    let nextCursor;
    if (cursor) {
      start = cursor === '*' ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
      if (!Number.isInteger(start) || start < 0) return badRequest(res, 'invalid cursor');
      nextCursor =
        start + perPage < matching.length ? Buffer.from(String(start + perPage)).toString('base64url') : null;
    }
    const select = url.searchParams.get('select')?.split(',').filter(Boolean);
    if (select) {
      const known = new Set(works.flatMap((work) => Object.keys(work)));
      const unknown = select.find(
        (field) => !known.has(field) && !['primary_topic', 'topics', 'publication_date'].includes(field),
      );
      if (unknown) return badRequest(res, `${unknown} is not a valid select field`);
    }
    const results = matching
      .slice(start, start + perPage)
      .map((work) =>
        select
          ? Object.fromEntries(select.filter((field) => field in work).map((field) => [field, work[field]]))
          : work,
      );
    /** @type {Record<string, unknown>} */
    const meta = {
      count: matching.length,
      db_response_time_ms: 1,
      page: cursor ? null : page,
      per_page: perPage,
      groups_count: null,
    };
    if (cursor) meta['next_cursor'] = nextCursor;
    return send(res, 200, { meta, results, group_by: [] });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** @param {Fault | undefined} next */
    setFault(next) {
      fault = next;
      faultCount = 0;
    },
    /** Requests to /works so far. */
    worksRequests: () => requests.filter((request) => request.path === '/works'),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}
