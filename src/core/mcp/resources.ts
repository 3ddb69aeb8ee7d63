// MCP resources: the built content addressed by research-hub:// URIs. Each kind is one URI
// template (or one fixed URI) that lists its instances, reads one, and completes its variables.
// Content only changes between builds, so nothing here is subscribable.
import type { AppDeps } from '../deps.ts';
import { GLOSSARY_CATEGORIES } from '../../content/schemas.ts';
import type { McpContext } from './context.ts';
import { outputJson } from '../operations/operation.ts';
import { listEssays } from '../operations/essays.ts';
import { listGlossaryTerms } from '../operations/glossary.ts';
import { getPaper } from '../operations/paper-graph.ts';
import { PaperNotFoundError } from '../papers/contract/errors.ts';
import { parsePaperId } from '../papers/contract/paper-id.ts';

type Context = McpContext;

export interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

export interface ResourceContents {
  uri: string;
  mimeType: string;
  text: string;
}

export interface ResourceKind {
  /** RFC 6570 level-1 template; a kind without variables is one fixed resource. */
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** The instances resources/list shows (none for kinds reachable only through their template). */
  entries(context: Context): ResourceEntry[];
  /** The text of the instance these variables name, or undefined when there is none. */
  read(variables: Record<string, string>, context: Context): Promise<string | undefined>;
  /** Candidate values of each template variable. */
  candidates?: Record<string, (deps: AppDeps, context: Context) => readonly string[]>;
}

const SCHEME = 'research-hub://';
const MARKDOWN = 'text/markdown';
const JSON_TYPE = 'application/json';

const patterns = new WeakMap<ResourceKind, { regex: RegExp; names: string[] }>();

/** The variables of `uri` under the kind's template, or undefined when the template does not match. */
export function matchUri(kind: ResourceKind, uri: string): Record<string, string> | undefined {
  let pattern = patterns.get(kind);
  if (!pattern) {
    const names: string[] = [];
    const source = kind.uriTemplate
      .split(/(\{[a-z]+\})/)
      .map((part) => {
        const name = /^\{([a-z]+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/?#]+)';
      })
      .join('');
    pattern = { regex: new RegExp(`^${source}$`), names };
    patterns.set(kind, pattern);
  }
  const found = pattern.regex.exec(uri);
  if (!found) return undefined;
  const variables: Record<string, string> = {};
  try {
    pattern.names.forEach((name, index) => {
      variables[name] = decodeURIComponent(found[index + 1] ?? '');
    });
  } catch {
    return undefined;
  }
  return variables;
}

const isTemplate = (kind: ResourceKind) => kind.uriTemplate.includes('{');

export function resourceTemplates(kinds: readonly ResourceKind[]) {
  return kinds.filter(isTemplate).map(({ uriTemplate, name, title, description, mimeType }) => ({
    uriTemplate,
    name,
    title,
    description,
    mimeType,
  }));
}

export async function readResource(
  kinds: readonly ResourceKind[],
  uri: string,
  context: Context,
): Promise<ResourceContents | undefined> {
  for (const kind of kinds) {
    const variables = matchUri(kind, uri);
    if (!variables) continue;
    const text = await kind.read(variables, context);
    if (text !== undefined) return { uri, mimeType: kind.mimeType, text };
  }
  return undefined;
}

const siteFile = async (context: Context, path: string) => (await context.deps.readSiteFile?.(path)) || undefined;

export const essayResources: ResourceKind = {
  uriTemplate: `${SCHEME}essays/{slug}`,
  name: 'essay',
  title: 'Essay',
  description: 'One essay as Markdown, with its references.',
  mimeType: MARKDOWN,
  entries: ({ deps }) =>
    deps.content.essays.map((essay) => ({
      uri: `${SCHEME}essays/${essay.slug}`,
      name: essay.slug,
      title: essay.title,
      description: essay.description,
      mimeType: MARKDOWN,
    })),
  read: async ({ slug = '' }, context) =>
    context.deps.content.essay(slug) ? siteFile(context, `/essays/${slug}.md`) : undefined,
  candidates: { slug: (deps) => deps.content.essays.map((essay) => essay.slug) },
};

export const termResources: ResourceKind = {
  uriTemplate: `${SCHEME}glossary/{slug}`,
  name: 'glossary-term',
  title: 'Glossary term',
  description: 'One glossary term as Markdown: definition, explanation and related terms.',
  mimeType: MARKDOWN,
  entries: ({ deps }) =>
    deps.content.glossary.map((term) => ({
      uri: `${SCHEME}glossary/${term.slug}`,
      name: term.slug,
      title: term.term,
      description: term.definition,
      mimeType: MARKDOWN,
    })),
  read: async ({ slug = '' }, context) =>
    context.deps.content.term(slug) ? siteFile(context, `/glossary/${slug}.md`) : undefined,
  candidates: { slug: (deps) => deps.content.glossary.map((term) => term.slug) },
};

export const essaysByTagResources: ResourceKind = {
  uriTemplate: `${SCHEME}essays/tags/{tag}`,
  name: 'essays-by-tag',
  title: 'Essays with a tag',
  description: 'The essays carrying one tag, newest first, as the essays list of the REST API (JSON).',
  mimeType: JSON_TYPE,
  entries: () => [],
  read: async ({ tag = '' }, context) => {
    // Exactly a tag an essay carries: the REST list reads a blank tag as no filter, a resource cannot.
    if (!context.deps.content.essays.some((essay) => essay.tags.includes(tag))) return undefined;
    const page = await outputJson(listEssays, { tag, limit: 200, page: 1 }, context);
    return page.text;
  },
  candidates: { tag: (deps) => [...new Set(deps.content.essays.flatMap((essay) => essay.tags))].sort() },
};

export const termsByCategoryResources: ResourceKind = {
  uriTemplate: `${SCHEME}glossary/categories/{category}`,
  name: 'glossary-category',
  title: 'Glossary terms in a category',
  description: 'The glossary terms of one category, A to Z, as the glossary list of the REST API (JSON).',
  mimeType: JSON_TYPE,
  entries: () => [],
  read: async ({ category = '' }, context) => {
    const known = GLOSSARY_CATEGORIES.find((candidate) => candidate === category);
    if (!known) return undefined;
    const page = await outputJson(listGlossaryTerms, { category: known, limit: 200, page: 1 }, context);
    return page.text;
  },
  candidates: { category: () => GLOSSARY_CATEGORIES },
};

export const trackResources: ResourceKind = {
  uriTemplate: `${SCHEME}curriculum/{track}`,
  name: 'curriculum-track',
  title: 'Curriculum track',
  description: 'One learning track: ordered modules, each with essays and terms to read and an exercise (JSON).',
  mimeType: JSON_TYPE,
  entries: ({ deps }) =>
    deps.content.curriculum.map((track) => ({
      uri: `${SCHEME}curriculum/${track.slug}`,
      name: track.slug,
      title: track.title,
      description: track.description,
      mimeType: JSON_TYPE,
    })),
  read: async ({ track = '' }, { deps }) => {
    const found = deps.content.curriculum.find((candidate) => candidate.slug === track);
    return found ? JSON.stringify(found) : undefined;
  },
  candidates: { track: (deps) => deps.content.curriculum.map((track) => track.slug) },
};

const OPENAPI_URI = `${SCHEME}openapi.json`;
export const openApiResource: ResourceKind = {
  uriTemplate: OPENAPI_URI,
  name: 'openapi',
  title: 'OpenAPI description',
  description: 'The OpenAPI 3.1 description of the REST API, as served at /openapi.json.',
  mimeType: JSON_TYPE,
  entries: () => [
    { uri: OPENAPI_URI, name: 'openapi', title: 'OpenAPI description', description: '', mimeType: JSON_TYPE },
  ],
  read: async (_variables, context) => JSON.stringify(context.documentation.openApi()),
};

const AUTH_URI = `${SCHEME}docs/auth`;
export const authGuideResource: ResourceKind = {
  uriTemplate: AUTH_URI,
  name: 'auth-guide',
  title: 'Authentication guide',
  description: 'How the optional bearer tokens work (Markdown, as served at /auth.md).',
  mimeType: MARKDOWN,
  entries: () => [
    { uri: AUTH_URI, name: 'auth-guide', title: 'Authentication guide', description: '', mimeType: MARKDOWN },
  ],
  read: async (_variables, context) => siteFile(context, '/auth.md'),
};

const sectionsOf = (context: Context) => context.documentation.sections();

export const docSectionResources: ResourceKind = {
  uriTemplate: `${SCHEME}docs/sections/{section}`,
  name: 'api-documentation-section',
  title: 'API documentation section',
  description: 'One section of the REST API documentation (overview, errors, or an endpoint group) as Markdown.',
  mimeType: MARKDOWN,
  entries: (context) =>
    sectionsOf(context).map((section) => ({
      uri: `${SCHEME}docs/sections/${section.id}`,
      name: section.id,
      title: section.title,
      description: `The ${section.title} section of the API documentation.`,
      mimeType: MARKDOWN,
    })),
  read: async ({ section = '' }, context) => {
    const found = sectionsOf(context).find((candidate) => candidate.id === section);
    return found ? `# ${found.title}\n\n${found.text}\n` : undefined;
  },
  candidates: { section: (_deps, context) => sectionsOf(context).map((section) => section.id) },
};

/** A paper of the index by work id or DOI (percent-encoded), as GET /api/v1/papers/{id} answers it. */
export const paperResources: ResourceKind = {
  uriTemplate: `${SCHEME}papers/{id}`,
  name: 'paper',
  title: 'Paper',
  description: 'One paper of the OpenAlex index by work id (W…) or DOI: metadata, abstract, citation counts (JSON).',
  mimeType: JSON_TYPE,
  entries: () => [],
  read: async ({ id = '' }, context) => {
    const paper = parsePaperId(id);
    if (!paper) return undefined;
    try {
      return (await getPaper.run({ id: paper }, context)).text;
    } catch (error) {
      if (error instanceof PaperNotFoundError) return undefined;
      throw error;
    }
  },
};

export const PRODUCT_RESOURCES: readonly ResourceKind[] = [
  essaysByTagResources,
  termsByCategoryResources,
  essayResources,
  termResources,
  trackResources,
  paperResources,
];

export const DOCS_RESOURCES: readonly ResourceKind[] = [
  openApiResource,
  authGuideResource,
  docSectionResources,
  trackResources,
];
