// @ts-check
// A local stand-in for the OpenAlex API: a real HTTP server that answers GET /works like OpenAlex
// (search of titles and abstracts with crude stemming, stop words and phrases, filter, sort by
// citations, relevance or date, page/per_page, cursor paging, select, 400 on bad parameters) from
// Work records, plus injectable faults (status codes with Retry-After, slowness, malformed JSON,
// hangs, dropped connections). Used by tests and benchmarks.
// Its relevance is a simple rule the project's local mirror also follows (works whose title holds
// the whole query first, then the rest; most cited first within each), not OpenAlex's score, so
// the contract tests can hold both sources to the same order.
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
const FILTER_KEYS = new Set([
  'concepts.id',
  'topics.id',
  'publication_year',
  'type',
  'cited_by_count',
  'cites',
  'cited_by',
  'author.id',
  'ids.openalex',
]);
const MAX_PAGED_RESULTS = 10_000;
/** Work fields OpenAlex can select that some records here lack. */
const OPTIONAL_WORK_FIELDS = new Set([
  'primary_topic',
  'topics',
  'publication_date',
  'authorships',
  'open_access',
  'best_oa_location',
  'abstract_inverted_index',
  'referenced_works',
  'referenced_works_count',
  'biblio',
  'related_works',
  'ids',
]);

/** `https://openalex.org/W1` → `w1`: how ids compare here (OpenAlex takes either spelling, any case). */
const shortId = (/** @type {unknown} */ id) =>
  String(id ?? '')
    .split('/')
    .pop()
    ?.toLowerCase() ?? '';

const citations = (/** @type {Work} */ work) => Number(work['cited_by_count'] ?? 0);
const dateOf = (/** @type {Work} */ work) => String(work['publication_date'] ?? '');
/** @typedef {(a: Work, b: Work, titleTier: (work: Work) => number) => number} Order */
/** @type {Record<string, Order>} */
const SORTS = {
  'cited_by_count:desc': (a, b) => citations(b) - citations(a),
  cited_by_count: (a, b) => citations(a) - citations(b),
  'relevance_score:desc': (a, b, titleTier) => titleTier(a) - titleTier(b) || citations(b) - citations(a),
  // Newest first; a work without a date comes last.
  'publication_date:desc': (a, b) => (dateOf(a) === dateOf(b) ? 0 : dateOf(a) > dateOf(b) ? -1 : 1),
};

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

/** The English stop words OpenAlex's search engine (Elasticsearch) ignores. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
);

/**
 * The abstract as text, rebuilt from OpenAlex's inverted index (word → positions).
 * @param {Work} work
 */
export function abstractOf(work) {
  /** @type {string[]} */
  const slots = [];
  for (const [word, positions] of Object.entries(work['abstract_inverted_index'] ?? {}))
    for (const position of positions) slots[position] = word;
  return slots.filter(Boolean).join(' ');
}
/** The text's stems in order, space-separated: phrases match on stems, as OpenAlex's analyzer does. */
const stemmed = (/** @type {string} */ text) => words(text).map(stem).join(' ');

/** @param {Work} work */
const titleOf = (work) => String(work['display_name'] ?? work['title'] ?? '');

/**
 * Whether a work matches a search: every word (stemmed, stop words ignored) in its title or
 * abstract, every "quoted phrase" within one of them. `titleOnly` asks whether the title alone does.
 * @param {string} search
 * @returns {(work: Work, titleOnly?: boolean) => boolean}
 */
export function matcher(search) {
  const phrases = [...search.matchAll(/"([^"]+)"/g)].map((match) => stemmed(match[1] ?? '')).filter(Boolean);
  const rest = search.replace(/"[^"]*"/g, ' ');
  const terms = words(rest)
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
  return (work, titleOnly = false) => {
    const fields = titleOnly ? [titleOf(work)] : [titleOf(work), abstractOf(work)];
    const stems = new Set(fields.flatMap((field) => words(field).map(stem)));
    const texts = fields.map((field) => ` ${stemmed(field)} `);
    return (
      (terms.length > 0 || phrases.length > 0) &&
      terms.every((term) => stems.has(term)) &&
      phrases.every((phrase) => texts.some((text) => text.includes(` ${phrase} `)))
    );
  };
}

/**
 * A publication_year filter value as OpenAlex reads it: `2020`, a range `2019-2021`, `>2018` or `<2022`.
 * @param {string} option
 * @param {unknown} year
 */
function inYears(option, year) {
  if (typeof year !== 'number') return false;
  const range = /^(\d+)-(\d+)$/.exec(option);
  if (range) return year >= Number(range[1]) && year <= Number(range[2]);
  if (option.startsWith('>')) return year > Number(option.slice(1));
  if (option.startsWith('<')) return year < Number(option.slice(1));
  return year === Number(option);
}

/**
 * @param {string} key
 * @param {string} value
 * @param {Map<string, Work>} byId the works by short id, lowercased
 * @returns {(work: Work) => boolean}
 */
function filterClause(key, value, byId) {
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
        return options.some((option) => inYears(option, work['publication_year']));
      case 'type':
        return options.includes(String(work['type']).toLowerCase());
      case 'cites':
        // Works whose references include one of the given works.
        return (work['referenced_works'] ?? []).some((/** @type {unknown} */ cited) =>
          options.includes(shortId(cited)),
        );
      case 'cited_by':
        // Works one of the given works references.
        return options.some((id) =>
          (byId.get(id)?.['referenced_works'] ?? []).some(
            (/** @type {unknown} */ cited) => shortId(cited) === shortId(work['id']),
          ),
        );
      case 'author.id':
        return (work['authorships'] ?? []).some((/** @type {Work} */ a) =>
          options.includes(shortId(a?.['author']?.['id'])),
        );
      case 'ids.openalex':
        return options.includes(shortId(work['id']));
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
 * The authors of the works, as OpenAlex's /authors answers them: every author with an id, their
 * name as last written, their works and citations counted over these works, and the institution of
 * their newest work.
 * @param {Work[]} works
 * @returns {Map<string, Work>}
 */
function authorsOf(works) {
  /** @type {Map<string, Work>} */
  const authors = new Map();
  const newestFirst = [...works].sort((a, b) => (dateOf(a) === dateOf(b) ? 0 : dateOf(a) > dateOf(b) ? -1 : 1));
  for (const work of newestFirst) {
    for (const authorship of work['authorships'] ?? []) {
      const id = authorship?.['author']?.['id'];
      if (!id) continue;
      const known = authors.get(shortId(id)) ?? {
        id: `https://openalex.org/${shortId(id).toUpperCase()}`,
        display_name: authorship['author']['display_name'] ?? authorship['raw_author_name'],
        orcid: authorship['author']['orcid'] ?? null,
        works_count: 0,
        cited_by_count: 0,
        last_known_institutions: (authorship['institutions'] ?? []).slice(0, 1),
      };
      known['works_count'] += 1;
      known['cited_by_count'] += citations(work);
      authors.set(shortId(id), known);
    }
  }
  return authors;
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
  /** @type {Map<string, Work>} */
  const byId = new Map(works.map((work) => [shortId(work['id']), work]));

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

  /**
   * One work, as OpenAlex's /works/{id} answers: by work id (W…, or its URL), DOI (doi:10.… or the
   * doi.org URL) or PubMed id (pmid:N), `select` applied; 404 when there is none.
   * @param {import('node:http').ServerResponse} res @param {string} key @param {URL} url
   */
  const sendWork = (res, key, url) => {
    const doi = /^(?:doi:|https?:\/\/(?:dx\.)?doi\.org\/)(10\..+)$/i.exec(key)?.[1]?.toLowerCase();
    // A PubMed id is looked up in `ids.pmid`, which OpenAlex writes as the pubmed URL.
    const pmid = /^pmid:(\d+)$/i.exec(key)?.[1];
    const pmidUrl = `https://pubmed.ncbi.nlm.nih.gov/${pmid}`;
    const work = doi
      ? works.find((candidate) => String(candidate['doi'] ?? '').toLowerCase() === `https://doi.org/${doi}`)
      : pmid
        ? works.find((candidate) => String(candidate['ids']?.['pmid'] ?? '').replace(/\/$/, '') === pmidUrl)
        : byId.get(shortId(key));
    if (!work) return send(res, 404, { error: 'NotFoundError', message: `${key} was not found` });
    const select = url.searchParams.get('select')?.split(',').filter(Boolean);
    return send(
      res,
      200,
      select ? Object.fromEntries(select.filter((field) => field in work).map((field) => [field, work[field]])) : work,
    );
  };

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

    if (url.pathname.startsWith('/works/')) return sendWork(res, decodeURIComponent(url.pathname.slice(7)), url);
    if (url.pathname.startsWith('/authors/')) {
      const author = authorsOf(works).get(shortId(decodeURIComponent(url.pathname.slice(9))));
      return author ? send(res, 200, author) : send(res, 404, { error: 'NotFoundError', message: 'not found' });
    }
    if (url.pathname === '/authors') {
      // Every word of the search in the name; most cited first, ties by id, as the proxy asks.
      const wanted = words(url.searchParams.get('search') ?? '');
      const found = [...authorsOf(works).values()]
        .filter((author) => {
          const name = /** @type {string[]} */ (words(String(author['display_name'])));
          return wanted.every((word) => name.includes(word));
        })
        .sort((a, b) => b['cited_by_count'] - a['cited_by_count'] || String(a['id']).localeCompare(String(b['id'])));
      const perPage = Number(url.searchParams.get('per_page') ?? 25);
      const page = Number(url.searchParams.get('page') ?? 1);
      const results = found.slice((page - 1) * perPage, page * perPage);
      return send(res, 200, { meta: { count: found.length, page, per_page: perPage }, results });
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
      tests.push(filterClause(key, clause.slice(colon + 1), byId));
    }
    const search = url.searchParams.get('search');
    if (search) tests.push(matcher(search));
    let matching = works.filter((work) => tests.every((test) => test(work)));

    const sort = url.searchParams.get('sort');
    if (sort) {
      const order = SORTS[sort];
      if (!order) return badRequest(res, `${sort} is not a valid sort`);
      if (sort.startsWith('relevance_score') && !search)
        return badRequest(res, 'relevance_score sort requires a search');
      const inTitle = search ? matcher(search) : () => false;
      /** @type {Map<Work, number>} */
      const tiers = new Map();
      /** @param {Work} work */
      const titleTier = (work) => {
        let tier = tiers.get(work);
        if (tier === undefined) tiers.set(work, (tier = inTitle(work, true) ? 0 : 1));
        return tier;
      };
      matching = [...matching].sort((a, b) => order(a, b, titleTier) || String(a['id']).localeCompare(String(b['id'])));
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
      const unknown = select.find((field) => !known.has(field) && !OPTIONAL_WORK_FIELDS.has(field));
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
