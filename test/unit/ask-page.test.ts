// The Ask page rendered by the server for readers without JavaScript: the list of matching pages under
// the answer, and "Showing results for" when the search corrected what was typed.
import { describe, expect, it } from 'vitest';
import type { AskResult, AskSource } from '../../src/core/ask/ask-index.ts';
import { renderAskResults } from '../../src/core/ask/ask-page.ts';

const source: AskSource = {
  type: 'glossary',
  slug: 'merkle-tree',
  title: 'Merkle tree',
  section: null,
  url: '/glossary/merkle-tree',
  markdownUrl: '/glossary/merkle-tree.md',
  score: 1,
  snippet: 'A Merkle tree hashes data in pairs.',
  highlights: [[2, 8]],
};
const result: AskResult = {
  query: 'merkel tree',
  searched_for: null,
  answer: null,
  confidence: 0,
  no_answer_reason: 'Nothing covers the question.',
  sources: [source],
  total: 1,
  took_ms: 1,
};

describe('renderAskResults', () => {
  it('lists each matching page under the answer: title linked, type, snippet with its marks', () => {
    const html = renderAskResults(result);
    expect(html.indexOf('<h2>Answer</h2>')).toBeLessThan(html.indexOf('<h2>Matching pages</h2>'));
    expect(html).toContain(
      '<li><h3><a href="/glossary/merkle-tree">Merkle tree</a></h3><p class="meta">Glossary</p><p>A <mark>Merkle</mark> tree hashes data in pairs.</p></li>',
    );
  });

  it('says what it searched for, escaped, above the answer when that differs from what was typed', () => {
    const html = renderAskResults({ ...result, searched_for: 'merkle <tree>' });
    expect(html.startsWith('<p class="searched-for">Showing results for <em>merkle &#60;tree&#62;</em></p><h2>')).toBe(
      true,
    );
    expect(renderAskResults({ ...result, sources: [], searched_for: 'merkle' })).toMatch(
      /^<p class="searched-for">Showing results for <em>merkle<\/em><\/p><p class="muted">Nothing/,
    );
  });

  it('says nothing of the kind when the question was searched as typed', () => {
    expect(renderAskResults(result)).not.toContain('Showing results for');
  });
});
