// The API reference the documentation operations read (operations/api-documentation.ts), made from
// the route table: the OpenAPI description and its sections (one per tag, plus errors); the whole
// reference as Markdown is the page /api-docs.md.
import { describeOperations, errorCodeRows } from '../api-docs.ts';
import type { AnyRoute } from '../http/route.ts';
import type { ApiDocumentation, DocSection } from '../operations/api-documentation.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi.ts';

/** The API documentation cut into sections: one per tag, plus errors. */
export function apiSections(doc: OpenApiDocument): DocSection[] {
  const operations = describeOperations(doc).filter((op) => !op.deprecated);
  const tags = [
    ...new Set(
      Object.values(doc.paths).flatMap((methods) =>
        Object.values(methods).flatMap((op) => (op['tags'] as string[]) ?? []),
      ),
    ),
  ];
  const sections = tags.map((tag) => {
    const ops = operations.filter((op) =>
      ((doc.paths[op.path]?.[op.method.toLowerCase()]?.['tags'] as string[] | undefined) ?? []).includes(tag),
    );
    const text = ops
      .map((op) => {
        const params = op.parameters.map(
          (p) => `  - ${p.name} (${p.where}, ${p.type}${p.required ? ', required' : ''}): ${p.description}`,
        );
        return [
          `${op.method} ${op.path}: ${op.summary}`,
          op.description,
          ...params,
          `  Responses: ${op.responses.map((r) => `${r.status} ${r.description}`).join('; ')}`,
        ]
          .filter(Boolean)
          .join('\n');
      })
      .join('\n\n');
    return { id: tag.toLowerCase(), title: `${tag} endpoints`, text };
  });
  sections.push({
    id: 'errors',
    title: 'Errors',
    text: [
      'Every error is {"error":{"code","message","status","resolution"}}.',
      ...errorCodeRows().map((row) => `${row.code} (${row.status}): ${row.title}. ${row.resolution}`),
    ].join('\n'),
  });
  return [{ id: 'overview', title: 'Overview', text: doc.info.description }, ...sections];
}

const references = new WeakMap<readonly AnyRoute[], Map<string, ApiDocumentation>>();

/**
 * The reference of a route table, each form made when first asked for and then kept: the routes
 * and the site URL do not change while the server runs.
 */
export function apiDocumentation(routes: readonly AnyRoute[], siteUrl: string): ApiDocumentation {
  const bySite = references.get(routes) ?? new Map<string, ApiDocumentation>();
  references.set(routes, bySite);
  let reference = bySite.get(siteUrl);
  if (reference) return reference;
  const once = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const openApi = once(() => buildOpenApiDocument(routes, siteUrl));
  const sections = once(() => apiSections(openApi()));
  reference = {
    openApi,
    sections: () => [...sections()],
  };
  bySite.set(siteUrl, reference);
  return reference;
}
