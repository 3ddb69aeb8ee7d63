// The OpenAPI description in parts an agent can read at once: the whole document is about 300,000
// characters, three times a tool's budget, so get_openapi_specification answers an index of the
// operations when asked for nothing, and one operation, one tag or one path when asked for it, each
// with the components it refers to. The whole document stays at /openapi.json.
import { z } from 'zod';
import { NotFoundError } from './errors.ts';

type Json = Record<string, unknown>;

/** The most characters one part may hold as JSON; a larger tag answers its index instead. */
const MAX_PART = 90_000;

export const OpenApiPartInputSchema = z
  .object({
    operation: z
      .string()
      .max(100)
      .meta({ description: 'An operationId from the index, e.g. getPaper', examples: ['getPaper'] }),
    tag: z
      .string()
      .max(60)
      .meta({ description: 'A tag from the index, e.g. Papers', examples: ['Papers'] }),
    path: z
      .string()
      .max(200)
      .meta({
        description: 'A path template from the index, e.g. /api/v1/papers/{id}',
        examples: ['/api/v1/papers/{id}'],
      }),
  })
  .partial()
  .refine((input) => Object.values(input).filter((value) => value !== undefined).length <= 1, {
    message: 'Give one of operation, tag or path (or none, for the index).',
  });
export type OpenApiPartInput = z.infer<typeof OpenApiPartInputSchema>;

const IndexEntrySchema = z.object({
  operation_id: z.string(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
});
type IndexEntry = z.infer<typeof IndexEntrySchema>;

export const OpenApiPartSchema = z.object({
  openapi: z.string().describe('OpenAPI version of the whole document'),
  info: z.object({ title: z.string(), version: z.string() }),
  document_url: z.string().describe('Where the whole document is (/openapi.json)'),
  operations: z
    .array(IndexEntrySchema)
    .optional()
    .describe('The index: every operation (bare call), or those of a tag too large to answer whole'),
  tags: z
    .array(z.object({ name: z.string(), description: z.string() }))
    .optional()
    .describe('The tags (bare call)'),
  paths: z.record(z.string(), z.looseObject({})).optional().describe('The paths asked for, as in the document'),
  components: z.looseObject({}).optional().describe('The components those paths refer to'),
  note: z.string().optional().describe('How to ask for more'),
});
export type OpenApiPart = z.infer<typeof OpenApiPartSchema>;

interface Document {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Json>>;
  tags?: Array<{ name: string; description?: string }>;
  components?: Record<string, Record<string, unknown>>;
}

/** Path-item members that are not operations. */
const NOT_METHODS = new Set(['parameters', 'summary', 'description', 'servers', '$ref']);

function indexOf(doc: Document): IndexEntry[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => !NOT_METHODS.has(method))
      .map(([method, op]) => ({
        operation_id: String(op['operationId'] ?? ''),
        method: method.toUpperCase(),
        path,
        summary: String(op['summary'] ?? ''),
        tags: (op['tags'] as string[] | undefined) ?? [],
      })),
  );
}

/** The components `value` refers to, and those they refer to in turn, as the document holds them. */
function referredComponents(doc: Document, value: unknown): Json {
  const found: Record<string, Json> = {};
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, member] of Object.entries(node)) {
      const ref = key === '$ref' && typeof member === 'string' ? /^#\/components\/([^/]+)\/(.+)$/.exec(member) : null;
      if (!ref) {
        visit(member);
        continue;
      }
      const [, kind = '', name = ''] = ref;
      if (seen.has(member)) continue;
      seen.add(member);
      const component = doc.components?.[kind]?.[name];
      (found[kind] ??= {})[name] = component;
      visit(component);
    }
  };
  visit(value);
  return found;
}

function sliceOf(doc: Document, entries: readonly IndexEntry[]): Pick<OpenApiPart, 'paths' | 'components'> {
  const paths: Record<string, Json> = {};
  for (const { path, method } of entries)
    (paths[path] ??= {})[method.toLowerCase()] = doc.paths[path]?.[method.toLowerCase()];
  return { paths, components: referredComponents(doc, paths) };
}

/** Lowercased for comparing names an agent may spell in another case. */
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function chosen(index: IndexEntry[], input: OpenApiPartInput): IndexEntry[] {
  const { operation, tag, path } = input;
  if (operation !== undefined) {
    const found = index.filter((entry) => same(entry.operation_id, operation));
    if (found.length) return found;
    throw new NotFoundError(
      `No operation "${operation}".`,
      `operationIds: ${index.map((e) => e.operation_id).join(', ')}.`,
    );
  }
  if (tag !== undefined) {
    const found = index.filter((entry) => entry.tags.some((name) => same(name, tag)));
    if (found.length) return found;
    const tags = [...new Set(index.flatMap((entry) => entry.tags))];
    throw new NotFoundError(`No tag "${tag}".`, `Tags: ${tags.join(', ')}.`);
  }
  const found = index.filter((entry) => entry.path === path);
  if (found.length) return found;
  throw new NotFoundError(
    `No path "${String(path)}".`,
    'Give a path template as the index writes it (e.g. /api/v1/papers/{id}); call with no arguments for the index.',
  );
}

/** The part of the document the input asks for: the index when it asks for nothing. */
export function openApiPart(document: object, documentUrl: string, input: OpenApiPartInput): OpenApiPart {
  const doc = document as Document;
  const head = {
    openapi: doc.openapi,
    info: { title: String(doc.info['title'] ?? ''), version: String(doc.info['version'] ?? '') },
    document_url: documentUrl,
  };
  const index = indexOf(doc);
  if (input.operation === undefined && input.tag === undefined && input.path === undefined) {
    const tags = (doc.tags ?? []).map(({ name, description }) => ({ name, description: description ?? '' }));
    const note = 'Ask for one with {"operation": "<operation_id>"}, {"tag": "<tag>"} or {"path": "<path>"}.';
    return { ...head, operations: index, tags, note };
  }
  const entries = chosen(index, input);
  const slice = sliceOf(doc, entries);
  if (JSON.stringify(slice).length <= MAX_PART) return { ...head, ...slice };
  const note = `Too large to answer whole: ask for these operations one by one, or read ${documentUrl}.`;
  return { ...head, operations: entries, note };
}

/** The part as an agent reads it: the index as lines, a slice as its JSON. */
export function openApiPartText(part: OpenApiPart): string {
  if (!part.operations) return JSON.stringify(part);
  const lines = part.operations.map(
    (entry) => `${entry.method} ${entry.path} (${entry.operation_id}) [${entry.tags.join(', ')}]: ${entry.summary}`,
  );
  const tags = part.tags?.map((tag) => `- ${tag.name}: ${tag.description}`) ?? [];
  return [
    `# ${part.info.title} ${part.info.version} (OpenAPI ${part.openapi}): ${part.operations.length} operations`,
    ...lines,
    ...(tags.length ? ['', '## Tags', ...tags] : []),
    '',
    part.note ?? '',
    `The whole document: ${part.document_url}`,
  ].join('\n');
}
