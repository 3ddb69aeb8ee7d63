import type { APIRoute } from 'astro';
import diagramCss from '../../styles/diagrams.css?raw';
import { loadDiagrams } from '../../site/collections.ts';
import { standaloneDiagram } from '../../site/diagrams.ts';
import { textResponse } from '../../site/endpoints.ts';

export async function getStaticPaths() {
  return (await loadDiagrams()).map((diagram) => ({ params: { name: diagram.name } }));
}

export const GET: APIRoute = async ({ params }) => {
  const diagram = (await loadDiagrams()).find((entry) => entry.name === params['name']);
  if (!diagram) return new Response(null, { status: 404 });
  return textResponse(standaloneDiagram(diagram, diagramCss), 'image/svg+xml');
};
