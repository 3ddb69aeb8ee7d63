// Helpers for the static endpoints that emit Markdown twins and data files.
export function markdownResponse(markdown: string): Response {
  return new Response(markdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
}
