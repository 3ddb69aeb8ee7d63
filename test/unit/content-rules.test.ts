// The build's content rules run on the real content and on a temp copy with a planted error: a figure
// stated two ways, a fast-moving figure older than the essay stating it, an arXiv link without a
// version, an essay without an `updated` date and asked phrasings keyed by a heading the essay no
// longer has. Each must be caught, named by file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findContentProblems, findContentWarnings } from '../../src/site/content-links.ts';
import { readContent } from '../support/content-files.ts';

const contentRoot = path.resolve(import.meta.dirname, '../../content');
const AGENTS = 'essays/agents-and-tool-use.md';

describe('the content as it is', () => {
  const { content, support } = readContent(contentRoot);

  it('has no broken reference, disagreeing figure or unversioned arXiv link', () => {
    expect(findContentProblems(content, support)).toEqual([]);
  });

  it('has no figure checked before the essay stating it was last updated', () => {
    expect(findContentWarnings(content, support)).toEqual([]);
  });

  it('dates every essay with an updated date no earlier than its publication', () => {
    expect(content.essays.length).toBeGreaterThan(10);
    for (const essay of content.essays)
      expect(essay.data.updated.getTime()).toBeGreaterThanOrEqual(essay.data.date.getTime());
  });

  it('names an as-of month for the fast-moving figures', () => {
    const mcp = support.figures.find((figure) => figure.id === 'mcp-current-revision');
    expect(mcp?.data.asOf).toMatch(/^\w+ \d{4}$/);
  });
});

describe('a planted error in a copy of the content', () => {
  let copy = '';
  beforeEach(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'content-rules-'));
    cpSync(contentRoot, copy, { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  const plant = (file: string, from: string | RegExp, to: string) => {
    const full = path.join(copy, file);
    const text = readFileSync(full, 'utf8');
    const changed = text.replace(from, to);
    expect(changed, `${file} should contain ${String(from)}`).not.toBe(text);
    writeFileSync(full, changed);
  };
  const check = () => {
    const { content, support } = readContent(copy);
    return { problems: findContentProblems(content, support), warnings: findContentWarnings(content, support) };
  };

  it('fails the figures check when one file states the old MCP revision', () => {
    plant(AGENTS, 'the current revision is 2026-07-28', 'the current revision is 2025-11-25');
    expect(check().problems).toEqual([
      expect.stringMatching(
        /^content\/essays\/agents-and-tool-use\.md: states the current revision of the Model Context Protocol specification as "2025-11-25", but content\/figures\.yaml \("mcp-current-revision"\) says "2026-07-28"/,
      ),
    ]);
  });

  it('fails the figures check when a fast-moving figure loses its "as of"', () => {
    plant(
      'glossary/model-context-protocol.md',
      'as of November 2026 the current revision',
      'today the current revision',
    );
    expect(check().problems).toEqual([
      expect.stringContaining('content/glossary/model-context-protocol.md: states the current revision'),
    ]);
  });

  it('warns, without failing, when an essay is updated after its figure was last checked', () => {
    plant(AGENTS, /^updated: .*$/m, 'updated: 2027-02-03');
    const { problems, warnings } = check();
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^content\/essays\/agents-and-tool-use\.md \(updated 2027-02-03\) states the current revision of the Model Context Protocol specification as of November 2026, older than the essay/,
      ),
    ]);
  });

  it('does not warn for an essay updated in the month the figure was checked', () => {
    plant(AGENTS, /^updated: .*$/m, 'updated: 2026-11-30');
    expect(check().warnings).toEqual([]);
  });

  it('fails an arXiv reference that does not name its version', () => {
    plant('essays/attention-and-transformers.md', 'arxiv.org/abs/1706.03762v1', 'arxiv.org/abs/1706.03762');
    expect(check().problems).toEqual([
      expect.stringContaining(
        'content/essays/attention-and-transformers.md: arXiv link "arxiv.org/abs/1706.03762" names no version',
      ),
    ]);
  });

  it('rejects an essay without an updated date', () => {
    plant(AGENTS, /^updated: .*\n/m, '');
    expect(() => check()).toThrow(/content\/essays\/agents-and-tool-use\.md: [\s\S]*updated/);
  });

  it('rejects an updated date before the publication date', () => {
    plant(AGENTS, /^updated: .*$/m, 'updated: 2020-01-01');
    expect(() => check()).toThrow(/updated cannot be before date/);
  });

  it('fails a renamed heading that asked phrasings are still keyed by', () => {
    plant(AGENTS, /^## The agent loop$/m, '## How the loop runs');
    expect(check().problems).toEqual([
      expect.stringMatching(
        /^content\/essays\/agents-and-tool-use\.md: "asked" names the section "The agent loop", which is not a ## or ### heading of the essay; use one of .*"How the loop runs"/,
      ),
    ]);
  });

  it('rejects a section given one phrasing or more than five', () => {
    plant(AGENTS, /^ {2}"The agent loop": \[.*\]$/m, '  "The agent loop": ["only one way to ask"]');
    expect(() => check()).toThrow(/content\/essays\/agents-and-tool-use\.md: [\s\S]*2 to 5 \\?"asked\\?" phrasings/);
  });
});
