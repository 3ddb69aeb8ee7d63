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

Answers are quoted passages, never generated text; a comparison ("difference between A and B",
"A vs B") is answered with one passage per side. When no passage covers the question well enough,
\`answer\` is \`null\`, \`no_answer_reason\` says why, and the nearest sources are still listed.
Snippets are plain text; \`highlights\` gives the \`[start, end)\` offsets of the words that matched.
`);
