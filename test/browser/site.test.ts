// A reader's walk through the site in Debian's Chromium, driven by playwright-core.
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from '../support/browser.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

// One Chromium and one server for the whole file (the Papers page has its own: papers-page.test.ts).
const launched = useBrowser();
const running = useServerWithStandIn({ OPENALEX_TIMEOUT_MS: '1000' });

describe.skipIf(!chromiumAvailable)('site in a browser', () => {
  it('goes from the home page to an essay and to a glossary term without console errors', async () => {
    const page = await launched.browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });

    await page.goto(running.server.url);
    expect((await page.locator('h1').textContent())?.trim()).toBe('Research Hub');

    const essayLink = page.locator('main .cards h3 a').first();
    const essayTitle = (await essayLink.textContent())?.trim();
    await essayLink.click();
    await page.waitForURL(/\/essays\/[a-z0-9-]+$/);
    expect((await page.locator('h1').textContent())?.trim()).toBe(essayTitle);
    expect(await page.locator('section[aria-labelledby="references"] li').count()).toBeGreaterThanOrEqual(3);

    const termLink = page.locator('article a[href^="/glossary/"]').first();
    await termLink.click();
    await page.waitForURL(/\/glossary\/[a-z0-9-]+$/);
    expect(await page.locator('.definition').isVisible()).toBe(true);

    await page.locator('nav[aria-label="Main"] a', { hasText: 'Glossary' }).click();
    await page.waitForURL(/\/glossary$/);
    expect(await page.locator('.az dd').count()).toBeGreaterThanOrEqual(120);
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!chromiumAvailable)('ask page in a browser', () => {
  it('streams the answer and sources in with JavaScript', async () => {
    const page = await launched.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${running.server.url}/ask`);
    expect(await page.inputValue('#ask-q')).toBe('');
    await page.fill('#ask-q', 'what is a zk rollup?');
    await page.click('#ask-form button[type="submit"]');
    await page.waitForFunction(
      () => (document.querySelector('#ask-results blockquote')?.textContent ?? '').length > 80,
    );
    await page.waitForFunction(() => /matches/.test(document.querySelector('#ask-status')?.textContent ?? ''));
    expect(await page.locator('#ask-results li').count()).toBeGreaterThan(0);
    expect(await page.locator('#ask-results li a').first().getAttribute('href')).toMatch(/\/glossary\/zk-rollup$/);
    expect(page.url()).toMatch(/\/ask\?q=what%20is%20a%20zk%20rollup%3F$/);
    expect(problems).toEqual([]);
  });

  /** What a reader sees in the results: each block's tag, class and text, the sources' marks. */
  const shownResults = () =>
    [...(document.querySelector('#ask-results')?.children ?? [])].map((node) => ({
      tag: node.tagName,
      className: node.className,
      text: node.textContent,
      marks: [...node.querySelectorAll('mark')].map((mark) => mark.textContent),
    }));

  it.each([
    ['a definition', 'what is a merkle tree'],
    ['a comparison', 'difference between optimistic and zk rollups'],
    ['no confident answer', 'who won the 2018 world cup'],
  ])('shows %s with the same labels with and without JavaScript', async (_, question) => {
    const plain = await launched.browser.newContext({ javaScriptEnabled: false });
    const withoutScript = await plain.newPage();
    await withoutScript.goto(`${running.server.url}/ask?q=${encodeURIComponent(question)}`);
    const expected = await withoutScript.evaluate(shownResults);
    await plain.close();

    const page = await launched.browser.newPage();
    await page.goto(`${running.server.url}/ask`);
    await page.fill('#ask-q', question);
    await page.click('#ask-form button[type="submit"]');
    // Done when the last answer passage has streamed in completely (or at once, with no answer).
    await page.waitForFunction(
      (wanted) => {
        const quotes = [...document.querySelectorAll('#ask-results blockquote')].map((quote) => quote.textContent);
        return document.querySelectorAll('#ask-results li').length > 0 && quotes.join('\n') === wanted;
      },
      expected
        .filter((block) => block.tag === 'BLOCKQUOTE')
        .map((block) => block.text)
        .join('\n'),
    );
    const shown = await page.evaluate(shownResults);
    expect(shown).toEqual(expected);
    const headings = shown.filter((block) => block.tag === 'H2').map((block) => block.text);
    expect(headings).toEqual(['Answer', 'Matching pages']);
    if (question.includes('world cup'))
      expect(shown.find((block) => block.className === 'no-answer')?.text).toMatch(
        /^No confident answer\. (?!No (confident )?answer)/,
      );
    else expect(shown.find((block) => block.className === 'meta')?.text).toMatch(/^From \S/);
    await page.close();
  });

  it('keeps each question in the history: Back restores the one before, and the title names it', async () => {
    const page = await launched.browser.newPage();
    await page.goto(`${running.server.url}/`);
    await page.goto(`${running.server.url}/ask`);
    const askAndWait = async (question: string) => {
      await page.fill('#ask-q', question);
      await page.click('#ask-form button[type="submit"]');
      await page.waitForFunction(() => document.querySelectorAll('#ask-results li').length > 0);
    };
    const firstSources = async () => page.locator('#ask-results li h3, #ask-results li a').first().textContent();
    await askAndWait('what is a merkle tree');
    const merkleSource = await firstSources();
    expect(await page.title()).toBe('what is a merkle tree · Ask · Research Hub');
    await askAndWait('what is a zk rollup');
    expect(await page.title()).toBe('what is a zk rollup · Ask · Research Hub');

    await page.goBack();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('q') === 'what is a merkle tree');
    await page.waitForFunction(() => document.querySelectorAll('#ask-results li').length > 0);
    expect(await page.inputValue('#ask-q')).toBe('what is a merkle tree');
    expect(await page.title()).toBe('what is a merkle tree · Ask · Research Hub');
    expect(await firstSources()).toBe(merkleSource);

    await page.goBack();
    await page.waitForURL(/\/ask$/);
    expect(await page.locator('#ask-results li').count()).toBe(0);
    expect(await page.title()).toBe('Ask · Research Hub');
    await page.goBack();
    await page.waitForURL(`${running.server.url}/`);
    await page.close();
  });

  it('works without JavaScript through the GET form', async () => {
    const context = await launched.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${running.server.url}/ask`);
    await page.fill('#ask-q', 'what is a merkle tree');
    await Promise.all([page.waitForURL(/\/ask\?q=/), page.click('#ask-form button[type="submit"]')]);
    // An answer quotes one passage or more (a definition, then an essay's sentence): the first has text.
    expect(await page.locator('#ask-results blockquote').first().textContent()).toMatch(/\S/);
    expect(await page.locator('#ask-results li').count()).toBeGreaterThan(0);
    await context.close();
  });
});
