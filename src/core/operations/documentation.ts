// The documentation capability: the API reference in sections, the OpenAPI description in parts, the auth
// guide, a search over all of them, and the curriculum. The reference is the doors' own (made from
// the route table), so the door that runs these operations hands it over (context.documentation).
import { z } from 'zod';
import { terms } from '../ask/text.ts';
import { CurriculumTrackRecordSchema } from '../content/content-data.ts';
import { DocSectionSchema, type ApiDocumentation, type DocSection } from './api-documentation.ts';
import { NotFoundError } from './errors.ts';
import { OpenApiPartInputSchema, OpenApiPartSchema, openApiPart, openApiPartText } from './openapi-parts.ts';
import { defineOperation, type AnyOperation, type OperationContext } from './operation.ts';
import { textInput } from './validation.ts';

/** The reference the door handed over; a door that has none cannot run these operations. */
function documentationOf(context: OperationContext): ApiDocumentation {
  if (!context.documentation) throw new Error('documentation operations need the API reference from their door');
  return context.documentation;
}

const ApiDocumentationOutputSchema = z.object({
  sections: z
    .array(z.object({ id: z.string(), title: z.string(), characters: z.int().min(0) }))
    .optional()
    .describe('Without a section: the table of contents'),
  url: z.string().optional().describe('Without a section: where the whole reference is, as Markdown'),
  section: DocSectionSchema.optional().describe('With a section'),
});
type ApiDocumentationOutput = z.infer<typeof ApiDocumentationOutputSchema>;

/** The table of contents as an agent reads it: each section, its size, and how to ask for one. */
function contentsText({ sections = [], url }: ApiDocumentationOutput): string {
  return [
    '# API documentation: contents',
    ...sections.map((s) => `- ${s.id}: ${s.title} (${s.characters} characters)`),
    '',
    'Ask for one with {"section": "<id>"}, e.g. {"section": "papers"}.',
    `The whole reference as Markdown: ${url ?? ''}`,
  ].join('\n');
}

export const getApiDocumentation = defineOperation({
  summary: 'Read the API documentation',
  input: z.object({
    section: z
      .string()
      .max(60)
      .optional()
      .meta({ description: 'A section id from the table of contents, e.g. papers or errors', examples: ['papers'] }),
  }),
  output: ApiDocumentationOutputSchema,
  tool: {
    server: 'docs',
    name: 'get_api_documentation',
    title: 'Read the API documentation',
    description:
      'The REST API documentation, a section at a time. Without a section: the table of contents (overview, errors, ' +
      'and one section per endpoint group) and where the whole reference is; with one: that section.',
    text: (output: ApiDocumentationOutput) =>
      output.section ? `# ${output.section.title}\n\n${output.section.text}` : contentsText(output),
  },
  fixed: true,
  run: ({ section }, context) => {
    const sections = documentationOf(context).sections();
    if (!section) {
      const contents = sections.map(({ id, title, text }) => ({ id, title, characters: text.length }));
      return { sections: contents, url: `${context.deps.config.siteUrl}/api-docs.md` };
    }
    const found = sections.find((candidate) => candidate.id === section.toLowerCase());
    if (!found) {
      throw new NotFoundError(`No section "${section}".`, `Sections: ${sections.map((s) => s.id).join(', ')}.`);
    }
    return { section: found };
  },
});

export const getOpenApiSpecification = defineOperation({
  summary: 'Get the OpenAPI description',
  input: OpenApiPartInputSchema,
  output: OpenApiPartSchema,
  tool: {
    server: 'docs',
    name: 'get_openapi_specification',
    title: 'Get the OpenAPI description',
    description:
      'The OpenAPI 3.1 description of the REST API in parts. Without arguments: an index of the operations ' +
      '(operationId, method, path, summary, tags) and the tags; with one of operation (an operationId), tag or ' +
      'path: those operations as the document writes them, with the components they refer to. The whole ' +
      'document is at /openapi.json.',
    text: openApiPartText,
  },
  fixed: true,
  run: (input, context) =>
    openApiPart(documentationOf(context).openApi(), `${context.deps.config.siteUrl}/openapi.json`, input),
});

export const getAuthGuide = defineOperation({
  summary: 'Read the authentication guide',
  input: z.object({}),
  output: z.object({ markdown: z.string(), url: z.string() }),
  tool: {
    server: 'docs',
    name: 'get_auth_guide',
    title: 'Read the authentication guide',
    description:
      'How authentication works: everything is public; optional bearer tokens give a rate-limit bucket of your own.',
    text: ({ markdown }: { markdown: string }) => markdown,
  },
  fixed: true,
  run: async (_input, { deps }) => {
    const markdown = await deps.readSiteFile?.('/auth.md');
    if (!markdown) {
      throw new NotFoundError('The authentication guide is not available on this server.', 'Read /auth.md instead.');
    }
    return { markdown, url: `${deps.config.siteUrl}/auth.md` };
  },
});

/** Everything the documentation search reads: the reference, the auth guide, each curriculum module. */
async function searchableSections(context: OperationContext): Promise<DocSection[]> {
  const sections = documentationOf(context).sections();
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

const DocSearchOutputSchema = z.object({
  query: z.string(),
  results: z.array(z.object({ id: z.string(), title: z.string(), score: z.number(), excerpt: z.string() })),
});

export const searchDocumentation = defineOperation({
  summary: 'Search the documentation',
  input: z.object({
    query: textInput(300).meta({
      description: 'Words to find in the API documentation, e.g. "rate limit" or "cursor"',
      examples: ['rate limit'],
    }),
    limit: z.int().min(1).max(20).default(5).describe('Sections to return, 1 to 20 (default 5)'),
  }),
  output: DocSearchOutputSchema,
  tool: {
    server: 'docs',
    name: 'search_documentation',
    title: 'Search the documentation',
    description:
      'Search the API reference, error codes, the auth guide and the curriculum; returns the best-matching sections.',
    text: ({ query, results }: z.infer<typeof DocSearchOutputSchema>) =>
      results.length
        ? results.map((r) => `## ${r.title} [${r.id}]\n${r.excerpt}`).join('\n\n')
        : `Nothing in the documentation matches "${query}".`,
  },
  fixed: true,
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
    return { query, results };
  },
});

type Track = z.infer<typeof CurriculumTrackRecordSchema>;

/** The tracks as an agent reads them: each module with what to read and its exercise. */
function curriculumText({ tracks }: { tracks: Track[] }): string {
  return tracks
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
}

export const getCourseCurriculum = defineOperation({
  summary: 'Get the curriculum',
  input: z.object({ track: z.string().max(60).optional().describe('A track slug, e.g. ai-foundations') }),
  output: z.object({ tracks: z.array(CurriculumTrackRecordSchema) }),
  tool: {
    server: 'docs',
    name: 'get_course_curriculum',
    title: 'Get the curriculum',
    description:
      'The learning tracks (ordered modules of essays and glossary terms to read, each with an exercise). Optionally one track by slug.',
    text: curriculumText,
  },
  fixed: true,
  run: ({ track }, { deps }) => {
    const all = deps.content.curriculum;
    const tracks = track ? all.filter((candidate) => candidate.slug === track) : all;
    if (track && tracks.length === 0) {
      throw new NotFoundError(`No track "${track}".`, `Tracks: ${all.map((t) => t.slug).join(', ')}.`);
    }
    return { tracks: [...tracks] };
  },
});

/** This domain's operations: the documentation MCP server's tools. */
export const documentationOperations: readonly AnyOperation[] = [
  getApiDocumentation,
  getOpenApiSpecification,
  getAuthGuide,
  searchDocumentation,
  getCourseCurriculum,
];
