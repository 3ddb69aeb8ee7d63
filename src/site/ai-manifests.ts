// Manifests for AI agents and crawlers: /robots.txt, /ai.txt (usage permissions in robots.txt syntax), /ai.json (a
// plain manifest of the content and the machine interfaces) and /ai-catalog.json (AI Catalog).
import { SITE_SUMMARY } from './llms-txt.ts';
import { tagCounts, type SiteContent } from './site-content.ts';
import { absoluteUrl, DISCOVERY, markdownPath } from './urls.ts';

/**
 * The crawl rules /robots.txt and /ai.txt share. Disallow lines come before `Allow: /`, so parsers that
 * take the first matching rule (Python's urllib.robotparser) and those that take the longest (RFC 9309)
 * read the same thing. `/api/` and not `/api`, which would also match /api-docs; `/ask?` and `/papers?` keep
 * out answers and searches but not the Ask and Papers pages; search feeds are for feed readers.
 */
export function crawlRules(siteUrl: string): string {
  return `User-agent: *
Disallow: /api/
Disallow: /ask?
Disallow: /papers?
Disallow: /papers/feed.xml?
Allow: /

Sitemap: ${absoluteUrl(siteUrl, DISCOVERY.sitemap)}
`;
}

export function robotsTxt(siteUrl: string): string {
  return `# robots.txt for Research Hub, ${siteUrl}
# Pages and their Markdown twins are open to every crawler; the API is for deliberate calls, not crawling.
# What AI systems may do with the content: ${absoluteUrl(siteUrl, DISCOVERY.aiTxt)}

${crawlRules(siteUrl)}`;
}

export function aiTxt(siteUrl: string): string {
  const url = (path: string) => absoluteUrl(siteUrl, path);
  return `# ai.txt for Research Hub, ${siteUrl}
#
# Everything on this site is public, and AI systems are welcome to it: crawl the pages and their
# Markdown twins (each page's URL + ".md"), index them, quote them with a link to the page, and use
# them to answer questions. The API is open too, but it is for deliberate calls within its rate
# limits, not for crawling, so crawlers should stay out of /api/, the answers at /ask?q=..., the
# paper searches at /papers?q=... and their feeds at /papers/feed.xml?q=... (subscribe to those in a
# feed reader instead). The rules below are the same as in ${url('/robots.txt')}.
#
# Start here instead of crawling:
#   LLM index:             ${url(DISCOVERY.llmsTxt)}
#   Full text in one file: ${url(DISCOVERY.llmsFullTxt)}
#   API description:       ${url(DISCOVERY.openapi)}
#   Authentication:        ${url(DISCOVERY.authGuide)}

${crawlRules(siteUrl)}`;
}

export function aiJson(content: SiteContent) {
  const { siteUrl, essays, glossary, curriculum } = content;
  const url = (path: string) => absoluteUrl(siteUrl, path);
  const page = (path: string) => ({ url: url(path), markdownUrl: url(markdownPath(path)) });
  return {
    name: 'Research Hub',
    description: SITE_SUMMARY,
    url: url('/'),
    markdownTwins: 'Every page has a Markdown twin at its URL + ".md", also served for Accept: text/markdown.',
    content: {
      essays: { count: essays.length, ...page('/essays'), api: url('/api/v1/essays') },
      glossary: {
        count: glossary.length,
        categories: new Set(glossary.map((term) => term.data.category)).size,
        ...page('/glossary'),
        api: url('/api/v1/glossary'),
      },
      curriculum: { tracks: curriculum.length, ...page('/curriculum') },
      tags: { count: tagCounts(essays).length, ...page('/tags') },
      papers: {
        url: url('/papers'),
        api: url('/api/v1/reports/search'),
        // An RFC 6570 template: the RSS feed of the newest papers for a query.
        feed: `${url('/papers/feed.xml')}{?q,corpus}`,
      },
    },
    interfaces: {
      api: url(DISCOVERY.apiDirectory),
      openapi: url(DISCOVERY.openapi),
      apiDocs: url(DISCOVERY.apiDocs),
      apiCatalog: url(DISCOVERY.apiCatalog),
      mcp: url(DISCOVERY.mcp),
      agentsJson: url(DISCOVERY.agentsJson),
      aiCatalog: url(DISCOVERY.aiCatalog),
      aiTxt: url(DISCOVERY.aiTxt),
      llmsTxt: url(DISCOVERY.llmsTxt),
      llmsFullTxt: url(DISCOVERY.llmsFullTxt),
      feed: url(DISCOVERY.feed),
      sitemap: url(DISCOVERY.sitemap),
      auth: {
        required: false,
        guide: url(DISCOVERY.authGuide),
        register: url(DISCOVERY.authRegister),
        revoke: url(DISCOVERY.authRevoke),
        protectedResourceMetadata: url(DISCOVERY.oauthProtectedResource),
        authorizationServerMetadata: url(DISCOVERY.oauthAuthorizationServer),
      },
    },
  };
}

export const AI_CATALOG_SPEC_VERSION = '1.0';

/**
 * The AI Catalog (Agent-Card/ai-catalog). The spec renamed an entry's `mediaType` to `type`; entries
 * carry both, since consumers ignore members they do not know and older readers look for `mediaType`.
 */
export function aiCatalog(siteUrl: string) {
  const url = (path: string) => absoluteUrl(siteUrl, path);
  const publisher = new URL(siteUrl).hostname;
  const entry = (name: string, displayName: string, type: string, path: string, description: string) => ({
    identifier: `urn:air:${publisher}:${name}`,
    displayName,
    type,
    mediaType: type,
    url: url(path),
    description,
  });
  return {
    specVersion: AI_CATALOG_SPEC_VERSION,
    host: { displayName: 'Research Hub', identifier: publisher, documentationUrl: url(DISCOVERY.apiDocs) },
    entries: [
      entry(
        'api:research-hub',
        'Research Hub API',
        'application/openapi+json',
        DISCOVERY.openapi,
        'Paper search, essays, glossary and ask, described in OpenAPI 3.1. No key needed.',
      ),
      entry(
        'api-catalog:research-hub',
        'Research Hub API catalog',
        'application/linkset+json',
        DISCOVERY.apiCatalog,
        'RFC 9727 API catalog of the endpoints, their description, documentation and status.',
      ),
      entry(
        'agents:research-hub',
        'Research Hub agent flows',
        'application/json',
        DISCOVERY.agentsJson,
        'agents.json flows for paper search, reading essays, glossary look-ups and questions.',
      ),
      entry(
        'mcp:research-hub',
        'Research Hub MCP server',
        'application/json',
        DISCOVERY.mcp,
        'MCP server (JSON-RPC 2.0 over Streamable HTTP): POST requests here; GET describes the server and its tools.',
      ),
      entry(
        'llms:research-hub',
        'Research Hub for LLMs',
        'text/plain',
        DISCOVERY.llmsTxt,
        'llms.txt index of the Markdown versions of every essay, glossary category and key page.',
      ),
    ],
  };
}
