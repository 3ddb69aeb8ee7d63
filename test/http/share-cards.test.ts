// Share cards: every page type carries the Open Graph tags (title, description, canonical URL,
// image) that Facebook, LinkedIn, Slack and Twitter (X) read, with absolute URLs, and the card image
// is served. The not-found page is no address of its own: 404 at /404 too, and no canonical URL.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_SITE_URL } from '../support/build-once.ts';
import { http } from '../support/http.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const running = useServerWithStandIn();

const root = path.resolve(import.meta.dirname, '../..');
const first = (folder: string) =>
  readdirSync(path.join(root, 'content', folder))
    .filter((file) => file.endsWith('.md'))
    .sort()[0]!
    .slice(0, -'.md'.length);

const PAGE_TYPES = [
  '/',
  '/essays',
  `/essays/${first('essays')}`,
  '/glossary',
  `/glossary/${first('glossary')}`,
  '/tags',
  '/tags/ai',
  '/curriculum',
  '/papers',
  '/papers?q=learning',
  '/ask',
  '/ask?q=what%20is%20a%20merkle%20tree',
  '/api-docs',
  '/auth',
];

/** The <meta property|name=… content=…> and <link rel=canonical> of a page's head, by key. */
function headTags(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\s(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /\scontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) tags.set(key, content);
  }
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1];
  if (canonical) tags.set('canonical', canonical);
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  if (title) tags.set('title', title);
  return tags;
}

const absolute = (url: string | undefined) => url !== undefined && /^https?:\/\/[^/]+\//.test(url);

describe('share cards', () => {
  it.each(PAGE_TYPES)('%s has Open Graph and Twitter card tags with absolute URLs', async (pagePath) => {
    const response = await http(`${running.server.url}${pagePath}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const tags = headTags(response.text);
    for (const key of ['og:title', 'og:description', 'og:type', 'og:site_name', 'og:image:alt'])
      expect(tags.get(key), key).toMatch(/\S/);
    expect(tags.get('description')).toBe(tags.get('og:description'));
    expect(tags.get('title')).toContain(tags.get('og:title'));
    expect(absolute(tags.get('og:url')), `og:url ${tags.get('og:url')}`).toBe(true);
    expect(tags.get('og:url')).toBe(tags.get('canonical'));
    // The canonical URL names the page without its query, on the site's address.
    expect(tags.get('og:url')).toBe(`${TEST_SITE_URL}${pagePath.split('?')[0]}`);
    expect(absolute(tags.get('og:image')), `og:image ${tags.get('og:image')}`).toBe(true);
    // Twitter reads title, description and image from og: when its own tags are absent.
    expect(tags.get('twitter:card')).toMatch(/^summary(_large_image)?$/);
    for (const key of ['title', 'description', 'image'])
      expect(tags.get(`twitter:${key}`) ?? tags.get(`og:${key}`)).toBeTruthy();
  });

  it('essays are articles, and the card image is a 1200 × 630 PNG the server serves', async () => {
    const essay = headTags((await http(`${running.server.url}/essays/${first('essays')}`)).text);
    expect(essay.get('og:type')).toBe('article');
    const image = new URL(essay.get('og:image')!);
    const response = await http(`${running.server.url}${image.pathname}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.body;
    // The PNG header's IHDR chunk: width and height as 32-bit big-endian numbers at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe('the not-found page', () => {
  it.each(['/404', '/404.html', '/no-such-page'])('%s answers 404 with no canonical URL', async (pagePath) => {
    const response = await http(`${running.server.url}${pagePath}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.text).toContain('<h1>Page not found</h1>');
    expect(response.text).not.toContain('rel="canonical"');
    expect(response.text).not.toContain('og:url');
  });
});
