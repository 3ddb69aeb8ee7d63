// Every public URL of the site in one place. Pages are served without a trailing slash; the
// Markdown twin of a page is its URL + ".md" ("/" has "/index.md").
import { PROTECTED_RESOURCE_METADATA_PATH } from '../core/auth/bearer-auth.ts';

export const essayPath = (slug: string) => `/essays/${slug}`;
export const termPath = (slug: string) => `/glossary/${slug}`;
export const tagPath = (tag: string) => `/tags/${tag}`;
export const categoryPath = (category: string) => `/glossary/category/${category}`;
export const diagramPath = (name: string) => `/diagrams/${name}.svg`;

export function markdownPath(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath}.md`;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/** Pages that exist once whatever the content; content pages come from the paths above. */
export const FIXED_PAGES = [
  '/',
  '/essays',
  '/glossary',
  '/tags',
  '/curriculum',
  '/api-docs',
  '/papers',
  '/ask',
  '/auth',
] as const;

/** The discovery and syndication files, where agents and feed readers look for them. */
export const DISCOVERY = {
  llmsTxt: '/llms.txt',
  llmsFullTxt: '/llms-full.txt',
  feed: '/feed.xml',
  sitemap: '/sitemap.xml',
  openapi: '/openapi.json',
  apiDocs: '/api-docs',
  apiDirectory: '/api',
  apiCatalog: '/.well-known/api-catalog',
  agentsJson: '/.well-known/agents.json',
  aiTxt: '/ai.txt',
  aiJson: '/ai.json',
  aiCatalog: '/ai-catalog.json',
  mcp: '/.well-known/mcp',
  authGuide: '/auth.md',
  oauthProtectedResource: PROTECTED_RESOURCE_METADATA_PATH,
  oauthAuthorizationServer: '/.well-known/oauth-authorization-server',
  authRegister: '/api/auth/register',
  authRevoke: '/api/auth/revoke',
  health: '/healthz',
  readiness: '/readyz',
} as const;
