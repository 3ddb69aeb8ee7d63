// The Papers page in Chromium: with JavaScript the search lives in the URL (shareable, back and
// forward restore it with its results); without JavaScript the same form submits to the same
// address, which the server answers with the page filled in.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from '../support/browser.ts';
import { fixtureWorks } from '../support/fixtures.ts';
import { startOpenAlexStandIn } from '../support/openalex-stand-in.mjs';
import { startTestServer, type TestServer } from '../support/server.ts';
import { topicWorks } from '../support/topic-works.ts';

const launched = useBrowser();
// The fixtures and 45 works on "lattice", so one query has more than a page of results.
const lattice = topicWorks(45, 'lattice');
const running = {} as { server: TestServer; standIn: Awaited<ReturnType<typeof startOpenAlexStandIn>> };
beforeAll(async () => {
  running.standIn = await startOpenAlexStandIn({ works: [...fixtureWorks.ai, ...fixtureWorks.web3, ...lattice] });
  running.server = await startTestServer({
    OPENALEX_URL: running.standIn.url,
    // Long enough for a loaded machine (at 1 s the stand-in's first answer once missed it and the
    // server drew no results); short enough that the outage below is told within its 10 s wait.
    OPENALEX_TIMEOUT_MS: '5000',
    LOG_REQUESTS: 'false',
  });
});
afterAll(async () => {
  await running.server?.stop();
  await running.standIn?.close();
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** How a result shows its publication date: "15 Mar 2019". */
const shownDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
};

/** What a reader sees of the results: each item's heading, authors, meta line and link labels. */
const shownResults = () =>
  [...document.querySelectorAll('#results > li')].map((item) => ({
    title: item.querySelector('h3')?.textContent ?? '',
    authors: item.querySelector('.authors')?.textContent ?? null,
    meta: item.querySelector('.meta')?.textContent ?? '',
    links: [...item.querySelectorAll('.paper-links a')].map((link) => link.textContent),
  }));

async function resultsFor(page: Page, title: RegExp): Promise<void> {
  await page.waitForFunction(
    (pattern) => new RegExp(pattern, 'i').test(document.querySelector('#results li h3')?.textContent ?? ''),
    title.source,
  );
}

async function pageWithScript() {
  const page = await launched.browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { page, problems };
}

describe.skipIf(!chromiumAvailable)('papers page with JavaScript', () => {
  it('keeps the results the server drew, and More continues them, with one feed link in the head', async () => {
    const { page, problems } = await pageWithScript();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch') searches.push(request.url());
    });
    await page.goto(`${running.server.url}/papers?q=lattice&corpus=ai&sort=citations`);
    await page.waitForLoadState('networkidle');
    // Drawn by the server: the script fetches nothing to draw it again.
    expect(searches).toEqual([]);
    expect(await page.locator('#results > li').count()).toBe(20);
    const feeds = 'head link[rel="alternate"][href^="/papers/feed.xml"]';
    expect(await page.locator(feeds).count()).toBe(1);
    await page.click('#more');
    await page.waitForFunction(() => document.querySelectorAll('#results > li').length === 40);
    expect(await page.locator('#status').textContent()).toBe('45 papers; showing the first 40.');

    // A new search replaces the server's feed link rather than adding a second one beside it.
    await page.fill('#q', 'bitcoin');
    await page.selectOption('#corpus', 'web3');
    await page.click('#paper-search button[type="submit"]');
    await page.waitForFunction(() => /bitcoin/.test(document.querySelector('#feed a')?.getAttribute('href') ?? ''));
    expect(await page.locator(feeds).count()).toBe(1);
    expect(await page.locator(feeds).getAttribute('href')).toBe('/papers/feed.xml?q=bitcoin&corpus=web3');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the search in the URL, and back and forward bring each search and its results back', async () => {
    const { page, problems } = await pageWithScript();
    await page.goto(`${running.server.url}/papers`);
    expect(await page.locator('#feed a').count()).toBe(0);

    await page.fill('#q', 'lattice');
    await page.click('#paper-search button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll('#results > li').length > 0);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/papers?q=lattice&corpus=ai&sort=citations',
    );
    expect(await page.locator('#status').textContent()).toBe('45 papers; showing the first 20.');
    const mostCited = await page.evaluate(shownResults);
    // The most cited, computed from the records, as a reader sees it.
    const top = [...lattice].sort((a, b) => Number(b['cited_by_count']) - Number(a['cited_by_count']))[0]!;
    const topAuthors = (top['authorships'] as Array<{ author: { display_name: string } }>)
      .slice(0, 5)
      .map((authorship) => authorship.author.display_name);
    expect(mostCited[0]).toEqual({
      title: top['display_name'],
      authors: topAuthors.length > 0 ? topAuthors.join(', ') : null,
      meta: expect.stringMatching(
        new RegExp(
          `^[^·]+ · ${shownDate(String(top['publication_date']))} · [^·]+ · [^·]+ · ${top['cited_by_count']} citations$`,
        ),
      ),
      links: expect.arrayContaining(['OpenAlex record']),
    });
    expect(mostCited.some((item) => item.links.includes('Free to read'))).toBe(true);
    expect(mostCited.some((item) => item.links.some((label) => label?.startsWith('DOI 10.5555/')))).toBe(true);
    expect(await page.locator('#feed a').getAttribute('href')).toBe('/papers/feed.xml?q=lattice&corpus=ai');
    expect(await page.locator('head link[rel="alternate"][href^="/papers/feed.xml"]').getAttribute('href')).toBe(
      '/papers/feed.xml?q=lattice&corpus=ai',
    );

    await page.click('#more');
    await page.waitForFunction(() => document.querySelectorAll('#results > li').length === 40);
    expect(await page.locator('#status').textContent()).toBe('45 papers; showing the first 40.');

    await page.selectOption('#sort', 'date');
    await page.fill('#year-to', '2016');
    await page.click('#paper-search button[type="submit"]');
    await page.waitForURL(/sort=date/);
    await page.waitForFunction(
      (first) => document.querySelector('#results li h3')?.textContent !== first,
      mostCited[0]!.title,
    );
    expect(new URL(page.url()).search).toBe('?q=lattice&corpus=ai&sort=date&year_to=2016');
    const newest = await page.evaluate(shownResults);
    const dates = newest.map((item) => Date.parse(`${item.meta.split(' · ')[1]} UTC`));
    expect(dates.every((date) => new Date(date).getUTCFullYear() <= 2016)).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    await page.selectOption('#corpus', 'web3');
    await page.fill('#q', 'bitcoin');
    await page.fill('#year-to', '');
    await page.click('#paper-search button[type="submit"]');
    await page.waitForURL(/q=bitcoin/);
    await resultsFor(page, /bitcoin/);

    await page.goBack();
    await page.waitForURL(/q=lattice&corpus=ai&sort=date&year_to=2016$/);
    await page.waitForFunction(
      (first) => document.querySelector('#results li h3')?.textContent === first,
      newest[0]!.title,
    );
    expect(await page.evaluate(shownResults)).toEqual(newest);
    expect(await page.inputValue('#q')).toBe('lattice');
    expect(await page.inputValue('#corpus')).toBe('ai');
    expect(await page.inputValue('#sort')).toBe('date');
    expect(await page.inputValue('#year-to')).toBe('2016');

    await page.goBack();
    await page.waitForURL(/sort=citations$/);
    await page.waitForFunction(
      (first) => document.querySelector('#results li h3')?.textContent === first,
      mostCited[0]!.title,
    );
    expect((await page.evaluate(shownResults)).slice(0, 20)).toEqual(mostCited);
    expect(await page.inputValue('#sort')).toBe('citations');
    expect(await page.inputValue('#year-to')).toBe('');

    await page.goForward();
    await page.waitForURL(/sort=date/);
    await page.waitForFunction(
      (first) => document.querySelector('#results li h3')?.textContent === first,
      newest[0]!.title,
    );

    await page.goBack();
    await page.goBack();
    await page.waitForURL(/\/papers$/);
    await page.waitForFunction(() => document.querySelectorAll('#results > li').length === 0);
    expect(await page.inputValue('#q')).toBe('');
    expect(await page.title()).toBe('Papers · Research Hub');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a shared URL with its search and results', async () => {
    const { page, problems } = await pageWithScript();
    await page.goto(`${running.server.url}/papers?q=bitcoin&corpus=web3&sort=date`);
    await resultsFor(page, /bitcoin/);
    expect(await page.inputValue('#q')).toBe('bitcoin');
    expect(await page.inputValue('#corpus')).toBe('web3');
    expect(await page.inputValue('#sort')).toBe('date');
    expect(await page.title()).toBe('bitcoin · Papers · Research Hub');
    expect(await page.locator('#feed a').textContent()).toBe('Follow new papers on “bitcoin” (RSS)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('explains an upstream outage', async () => {
    const { page } = await pageWithScript();
    await page.goto(`${running.server.url}/papers?q=bitcoin&corpus=web3`);
    await page.waitForFunction(() => document.querySelectorAll('#results > li').length > 0);

    running.standIn.setFault({ kind: 'status', status: 503 });
    await page.fill('#year-from', '');
    await page.fill('#year-to', '');
    await page.fill('#q', 'consensus protocols');
    await page.click('#paper-search button[type="submit"]');
    await page.waitForFunction(() => /not answering/.test(document.querySelector('#status')?.textContent ?? ''), null, {
      timeout: 10_000,
    });
    expect(await page.locator('#results > li').count()).toBe(0);
    running.standIn.setFault(undefined);
    await page.close();
  });
});

describe.skipIf(!chromiumAvailable)('papers page without JavaScript', () => {
  it('searches through the form at the address the script uses, and pages with links, showing what the script shows', async () => {
    const plain = await launched.browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto(`${running.server.url}/papers`);
    await page.fill('#q', 'lattice');
    await page.selectOption('#sort', 'date');
    await Promise.all([page.waitForURL(/\/papers\?q=/), page.click('#paper-search button[type="submit"]')]);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/papers');
    expect(url.searchParams.get('q')).toBe('lattice');
    expect(url.searchParams.get('sort')).toBe('date');
    expect(await page.inputValue('#q')).toBe('lattice');
    expect(await page.inputValue('#sort')).toBe('date');
    const firstPage = await page.evaluate(shownResults);
    expect(firstPage).toHaveLength(20);
    expect(await page.locator('#status').textContent()).toBe('45 papers; showing the first 20.');
    expect(await page.locator('#feed a').getAttribute('href')).toBe('/papers/feed.xml?q=lattice&corpus=ai');

    await Promise.all([page.waitForURL(/cursor=/), page.click('#next-page')]);
    expect(new URL(page.url()).pathname).toBe('/papers');
    expect(await page.locator('#status').textContent()).toBe('45 papers; showing 21–40.');
    const secondPage = await page.evaluate(shownResults);
    expect(secondPage[0]!.title).not.toBe(firstPage[0]!.title);
    await plain.close();

    // The script renders the same items, with the same words, for the same search; it spells the
    // address as it would have (the form sends blank years as year_from=&year_to=).
    const { page: scripted, problems } = await pageWithScript();
    await scripted.goto(`${running.server.url}${url.pathname}${url.search}`);
    await scripted.waitForURL(/\/papers\?q=lattice&corpus=ai&sort=date$/);
    await scripted.waitForFunction(() => document.querySelectorAll('#results > li').length > 0);
    expect(await scripted.evaluate(shownResults)).toEqual(firstPage);
    expect(problems).toEqual([]);
    await scripted.close();
  });

  it('opens a shared /papers URL with its search and results', async () => {
    const plain = await launched.browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    const response = await page.goto(`${running.server.url}/papers?q=bitcoin&corpus=web3&sort=citations`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('#results li h3').first().textContent()).toMatch(/bitcoin/i);
    expect(await page.inputValue('#q')).toBe('bitcoin');
    expect(await page.inputValue('#corpus')).toBe('web3');
    expect(await page.inputValue('#sort')).toBe('citations');
    expect(await page.title()).toBe('bitcoin · Papers · Research Hub');
    expect(await page.locator('#feed a').textContent()).toBe('Follow new papers on “bitcoin” (RSS)');
    // The Bitcoin paper, with the day its record gives.
    const bitcoin = fixtureWorks.web3.find((work) => work['id'].endsWith('W9000000101'))!;
    const shown = (await page.evaluate(shownResults)).find((item) => item.title === bitcoin['display_name']);
    expect(shown?.meta).toContain(` · ${shownDate(bitcoin['publication_date'])} · `);
    await plain.close();
  });

  it('goes back and forward between searches, each with its results', async () => {
    const plain = await launched.browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto(`${running.server.url}/papers?q=lattice&corpus=ai&sort=citations`);
    const lattices = await page.evaluate(shownResults);
    expect(lattices).toHaveLength(20);
    await page.fill('#q', 'bitcoin');
    await page.selectOption('#corpus', 'web3');
    await Promise.all([page.waitForURL(/q=bitcoin/), page.click('#paper-search button[type="submit"]')]);
    const bitcoins = await page.evaluate(shownResults);
    expect(bitcoins[0]!.title).toMatch(/bitcoin/i);

    await page.goBack();
    await page.waitForURL(/q=lattice/);
    expect(await page.evaluate(shownResults)).toEqual(lattices);
    expect(await page.inputValue('#q')).toBe('lattice');
    expect(await page.locator('#status').textContent()).toBe('45 papers; showing the first 20.');
    await page.goForward();
    await page.waitForURL(/q=bitcoin/);
    expect(await page.evaluate(shownResults)).toEqual(bitcoins);
    expect(await page.inputValue('#corpus')).toBe('web3');
    await plain.close();
  });

  it('shows a refused search on the page', async () => {
    const plain = await launched.browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    const response = await page.goto(`${running.server.url}/papers?q=l&year_from=2020`);
    expect(response?.status()).toBe(400);
    expect(await page.locator('#status').textContent()).toMatch(/"q":? must be at least 2 characters/);
    expect(await page.inputValue('#q')).toBe('l');
    expect(await page.inputValue('#year-from')).toBe('2020');
    expect(await page.locator('#results > li').count()).toBe(0);
    await plain.close();
  });

  it('opens a shared URL of the search API with its results', async () => {
    const plain = await launched.browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    const response = await page.goto(
      `${running.server.url}/api/v1/reports/search?q=bitcoin&corpus=web3&sort=citations&year_from=&year_to=&limit=20`,
    );
    expect(response?.status()).toBe(200);
    expect(await page.locator('#results li h3').first().textContent()).toMatch(/bitcoin/i);
    expect(await page.inputValue('#corpus')).toBe('web3');
    expect(await page.title()).toBe('bitcoin · Papers · Research Hub');
    await plain.close();
  });
});
