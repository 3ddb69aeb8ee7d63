// Helpers for the static endpoints that emit Markdown twins and data files.
export function markdownResponse(markdown: string): Response {
  return new Response(markdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
}

export function textResponse(body: string, contentType: string): Response {
  return new Response(body, { headers: { 'Content-Type': contentType } });
}

/** JSON under its own media type; the server takes types from static-manifest.ts, `astro dev` from here. */
export function jsonResponse(body: unknown, contentType = 'application/json'): Response {
  return textResponse(JSON.stringify(body, null, 2), contentType);
}
