// The machine-readable files, as the home page and its Markdown twin list them for readers and agents.
import { DISCOVERY } from './urls.ts';

export const DISCOVERY_LINKS: ReadonlyArray<{ label: string; path: string; note: string }> = [
  { label: 'llms.txt', path: DISCOVERY.llmsTxt, note: 'the index of this site for language models' },
  { label: 'llms-full.txt', path: DISCOVERY.llmsFullTxt, note: 'every essay and glossary term in one file' },
  { label: 'RSS feed', path: DISCOVERY.feed, note: 'the essays, full text, newest first' },
  { label: 'Sitemap', path: DISCOVERY.sitemap, note: 'every page, with its last change' },
  { label: 'OpenAPI description', path: DISCOVERY.openapi, note: 'the API, machine-readable (OpenAPI 3.1)' },
  { label: 'API catalog', path: DISCOVERY.apiCatalog, note: 'the API and its endpoints (RFC 9727)' },
  { label: 'agents.json', path: DISCOVERY.agentsJson, note: 'ready-made flows for agents over the API' },
  { label: 'AI catalog', path: DISCOVERY.aiCatalog, note: 'what this site offers AI systems' },
  { label: 'ai.json', path: DISCOVERY.aiJson, note: 'the content and machine interfaces in one manifest' },
  { label: 'ai.txt', path: DISCOVERY.aiTxt, note: 'what AI systems may do with the content' },
  { label: 'Authentication', path: '/auth', note: 'optional bearer tokens; nothing needs one' },
];
