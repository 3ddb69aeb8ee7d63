import type { APIRoute } from 'astro';
import { markdownResponse } from '../site/endpoints.ts';

export const GET: APIRoute = () =>
  markdownResponse(`# Ask

Ask a question of the Research Hub essays and glossary and get an extractive answer (a glossary
definition or an essay passage) with ranked sources.

- In a browser: ${import.meta.env.SITE.replace(/\/+$/, '')}/ask?q=what+is+a+zk+rollup
- As JSON: \`GET /ask?q=…&limit=1..20&types=essay,glossary\`
- Streaming: \`POST /ask\` with \`{"q": "…", "prefer": {"streaming": true}}\` answers \`text/event-stream\`
  with events \`meta\`, \`source\` (one per hit), \`answer\` (text deltas), \`done\` or \`error\`.
- As a job: send \`Prefer: respond-async\` and poll the \`Location\` you get back.

Snippets are HTML-escaped with query terms in \`<mark>\`.
`);
