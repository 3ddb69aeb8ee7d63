// The Papers page's Markdown twin (/papers.md): how to search the paper index, for agents and readers
// that take Markdown, as every key page of the site has one.
import type { APIRoute } from 'astro';
import { markdownResponse } from '../site/endpoints.ts';

const site = import.meta.env.SITE.replace(/\/+$/, '');

export const GET: APIRoute = () =>
  markdownResponse(`# Papers

Search more than 233,000 academic papers in two corpora, \`ai\` and \`web3\`, sorted by citation count
(or by relevance or date), with each paper's page, its citations and its references.

- In a browser: ${site}/papers?q=transformer+attention&corpus=ai
- As JSON: \`GET /api/v1/reports/search?q=…&corpus=ai|web3&limit=1..200&sort=citations|relevance|date\`;
  follow \`next_cursor\` until it is null.
- A paper: \`GET /api/v1/papers/{id}\` (an OpenAlex work id such as W2741809807, or a DOI), its page at
  \`/papers/{id}\` and that page as Markdown at \`/papers/{id}.md\`.
- What cites it and what it cites: \`GET /api/v1/papers/{id}/citations\` and \`/references\`.
- A bibliography: \`Accept: application/x-bibtex\` or \`?format=bibtex|csl\` on a paper or a search.
- Follow a search: \`/papers/feed.xml?q=…\` is an RSS feed of its newest papers.
- For agents: the MCP server at ${site}/.well-known/mcp has \`search_reports\`, \`get_paper\`,
  \`paper_citations\`, \`paper_references\` and \`cite_papers\`.
`);
