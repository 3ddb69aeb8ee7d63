// The documentation MCP server's tools: the API documentation in sections, the OpenAPI document,
// the auth guide, a search over all of it, and the curriculum.
import { z } from 'zod';
import { apiDocsMarkdown, describeOperations, errorCodeRows } from '../api-docs.ts';
import { terms } from '../ask/text.ts';
import { CurriculumTrackRecordSchema } from '../content/content-data.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi.ts';
import type { RouteContext } from '../http/route.ts';
import { textInput } from '../operations/validation.ts';
import { defineTool, READS_OUR_CONTENT, ToolFailure, type AnyTool } from './tool.ts';

const DocSectionSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });
type DocSection = z.infer<typeof DocSectionSchema>;

function openApi(context: RouteContext<unknown, unknown>): OpenApiDocument {
  return buildOpenApiDocument(context.routes, context.deps.config.siteUrl);
}

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

async function searchableSections(context: RouteContext<unknown, unknown>): Promise<DocSection[]> {
  const sections = apiSections(openApi(context));
  const auth = (await context.deps.readSiteFile?.('/auth.md')) ?? '';
  if (auth) sections.push({ id: 'auth', title: 'Authentication guide', text: auth });
  for (const track of context.deps.content.curriculum) {
    track.modules.forEach((module, index) => {
      sections.push({
        id: `curriculum:${track.slug}:${index + 1}`,
        title: `${track.title}: ${module.title}`,
        text: `${module.goal} ${module.exercise}`,
      });
    });
  }
  return sections;
}

export const getApiDocumentation = defineTool({
  fixed: true,
  name: 'get_api_documentation',
  title: 'Read the API documentation',
  description:
    'The REST API documentation. Without a section: the whole reference. Sections: overview, errors, and one per endpoint group (service, content, papers, ask, batch, jobs, mcp, authentication).',
  input: z.object({ section: z.string().max(60).optional().describe('A section id, e.g. papers or errors') }),
  output: z.object({
    sections: z
      .array(z.object({ id: z.string(), title: z.string() }))
      .optional()
      .describe('Without a section'),
    section: DocSectionSchema.optional().describe('With a section'),
  }),
  annotations: READS_OUR_CONTENT,
  run: async ({ section }, context) => {
    const doc = openApi(context);
    const sections = apiSections(doc);
    if (!section) {
      return {
        text: apiDocsMarkdown(doc, context.deps.config.siteUrl),
        structured: { sections: sections.map(({ id, title }) => ({ id, title })) },
      };
    }
    const found = sections.find((candidate) => candidate.id === section.toLowerCase());
    if (!found) throw new ToolFailure(`No section "${section}". Sections: ${sections.map((s) => s.id).join(', ')}.`);
    return { text: `# ${found.title}\n\n${found.text}`, structured: { section: found } };
  },
});

export const getOpenApiSpecification = defineTool({
  fixed: true,
  name: 'get_openapi_specification',
  title: 'Get the OpenAPI description',
  description: 'The OpenAPI 3.1 description of the REST API (also at /openapi.json).',
  input: z.object({}),
  output: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
  annotations: READS_OUR_CONTENT,
  run: async (_args, context) => {
    const doc = openApi(context);
    return { text: JSON.stringify(doc), structured: doc };
  },
});

export const getAuthGuide = defineTool({
  fixed: true,
  name: 'get_auth_guide',
  title: 'Read the authentication guide',
  description:
    'How authentication works: everything is public; optional bearer tokens give a rate-limit bucket of your own.',
  input: z.object({}),
  output: z.object({ markdown: z.string(), url: z.string() }),
  annotations: READS_OUR_CONTENT,
  run: async (_args, context) => {
    const markdown = await context.deps.readSiteFile?.('/auth.md');
    if (!markdown) throw new ToolFailure('The authentication guide is not available on this server.');
    return { text: markdown, structured: { markdown, url: `${context.deps.config.siteUrl}/auth.md` } };
  },
});

export const searchDocumentation = defineTool({
  fixed: true,
  name: 'search_documentation',
  title: 'Search the documentation',
  description:
    'Search the API reference, error codes, the auth guide and the curriculum; returns the best-matching sections.',
  input: z.object({
    query: textInput(300).meta({ examples: ['rate limit'] }),
    limit: z.int().min(1).max(20).default(5),
  }),
  output: z.object({
    query: z.string(),
    results: z.array(z.object({ id: z.string(), title: z.string(), score: z.number(), excerpt: z.string() })),
  }),
  annotations: READS_OUR_CONTENT,
  run: async ({ query, limit }, context) => {
    const wanted = new Set(terms(query));
    const scored = (await searchableSections(context))
      .map((section) => {
        const words = terms(`${section.title} ${section.title} ${section.text}`);
        const hits = words.filter((word) => wanted.has(word)).length;
        const covered = [...wanted].filter((term) => words.includes(term)).length;
        return { section, score: covered * 10 + Math.min(hits, 20) };
      })
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    const results = scored.map(({ section, score }) => ({
      id: section.id,
      title: section.title,
      score,
      excerpt: section.text.slice(0, 400),
    }));
    return {
      text: results.length
        ? results.map((r) => `## ${r.title} [${r.id}]\n${r.excerpt}`).join('\n\n')
        : `Nothing in the documentation matches "${query}".`,
      structured: { query, results },
    };
  },
});

export const getCourseCurriculum = defineTool({
  fixed: true,
  name: 'get_course_curriculum',
  title: 'Get the curriculum',
  description:
    'The learning tracks (ordered modules of essays and glossary terms to read, each with an exercise). Optionally one track by slug.',
  input: z.object({ track: z.string().max(60).optional().describe('A track slug, e.g. ai-foundations') }),
  output: z.object({ tracks: z.array(CurriculumTrackRecordSchema) }),
  annotations: READS_OUR_CONTENT,
  run: async ({ track }, context) => {
    const all = context.deps.content.curriculum;
    const tracks = track ? all.filter((candidate) => candidate.slug === track) : all;
    if (track && tracks.length === 0)
      throw new ToolFailure(`No track "${track}". Tracks: ${all.map((t) => t.slug).join(', ')}.`);
    const text = tracks
      .map((t) =>
        [
          `# ${t.title}`,
          t.description,
          ...t.modules.map(
            (m, i) =>
              `${i + 1}. ${m.title}: ${m.goal}\n   Read: ${[...m.essays, ...m.terms].join(', ')}\n   Exercise: ${m.exercise}`,
          ),
        ].join('\n'),
      )
      .join('\n\n');
    return { text, structured: { tracks } };
  },
});

export const DOCS_TOOLS: readonly AnyTool[] = [
  getApiDocumentation,
  getOpenApiSpecification,
  getAuthGuide,
  searchDocumentation,
  getCourseCurriculum,
];
