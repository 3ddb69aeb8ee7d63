// Diagrams as a reader and an agent get them: inline on the essay page, as a file of their own, and
// as an image link with a text alternative in the Markdown twin.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_REQUESTS: 'false' });
});
afterAll(() => server.stop());

const names = readdirSync(path.resolve(import.meta.dirname, '../../content/diagrams'))
  .filter((file) => file.endsWith('.svg'))
  .map((file) => file.slice(0, -'.svg'.length));

/** Essays whose Markdown cites each diagram, from the Markdown twins of every essay. */
async function citingEssays(): Promise<Map<string, string[]>> {
  const essays = (await http(`${server.url}/api/v1/essays?limit=100`)).json<{ essays: Array<{ slug: string }> }>()
    .essays;
  const citing = new Map<string, string[]>();
  for (const { slug } of essays) {
    const twin = (await http(`${server.url}/essays/${slug}.md`)).text;
    for (const [, name] of twin.matchAll(/\]\(http[^)\s]*\/diagrams\/([a-z0-9-]+)\.svg\)/g))
      citing.set(name!, [...(citing.get(name!) ?? []), slug]);
  }
  return citing;
}

describe('diagrams', () => {
  it('give every essay at least one figure, and every figure an essay', async () => {
    const citing = await citingEssays();
    const essays = (await http(`${server.url}/api/v1/essays?limit=100`)).json<{ essays: Array<{ slug: string }> }>()
      .essays;
    const cited = new Set([...citing.values()].flat());
    expect(essays.length).toBeGreaterThanOrEqual(17);
    expect(essays.map(({ slug }) => slug).filter((slug) => !cited.has(slug))).toEqual([]);
    expect(names.filter((name) => !citing.has(name))).toEqual([]);
  });

  it('are each cited by an essay, inlined on its page with a name, a description and a fixed size', async () => {
    const citing = await citingEssays();
    for (const name of names) {
      const slugs = citing.get(name) ?? [];
      expect(slugs, name).not.toEqual([]);
      const page = (await http(`${server.url}/essays/${slugs[0]}`)).text;
      const svg = new RegExp(`<svg [^>]*aria-labelledby="${name}-title"[^>]*>`).exec(page)?.[0] ?? '';
      expect(svg, name).toMatch(/ role="img"/);
      expect(svg, name).toMatch(/ width="\d+" height="\d+"/);
      expect(page, name).toMatch(new RegExp(`<title id="${name}-title">[^<]{5,}</title>`));
      expect(page, name).toMatch(new RegExp(`<desc id="${name}-desc">[^<]{40,}</desc>`));
      expect(page, name).not.toContain(`src="/diagrams/${name}.svg"`);
    }
  });

  it('keep an image link, a text alternative and a full caption in the Markdown twin', async () => {
    const citing = await citingEssays();
    const missing: string[] = [];
    for (const name of names) {
      for (const slug of citing.get(name) ?? []) {
        const twin = (await http(`${server.url}/essays/${slug}.md`)).text;
        const figure = new RegExp(
          `!\\[[^\\]]{40,}\\]\\(http[^)]+/diagrams/${name}\\.svg\\)\\n\\n\\*Figure: [^*]{200,}\\*`,
        );
        if (!figure.test(twin)) missing.push(`${slug}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('are served on their own as SVG with light and dark colours', async () => {
    for (const name of names) {
      const response = await http(`${server.url}/diagrams/${name}.svg`);
      expect(response.status, name).toBe(200);
      expect(response.headers['content-type'], name).toMatch(/^image\/svg\+xml/);
      expect(response.text, name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><style>/);
      expect(response.text, name).toContain('prefers-color-scheme:dark');
    }
  });
});
