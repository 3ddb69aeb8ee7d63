// MCP prompts: conversation starters an agent offers its user, built from our own content. Each
// embeds the resources it is about, so the model reads the source rather than recalling it.
import type { AppDeps } from '../deps.ts';
import type { McpContext } from './context.ts';
import { CORPORA, type Corpus } from '../papers/contract/corpora.ts';
import { shortWorkId } from '../papers/contract/paper-id.ts';
import type { OperationContext } from '../operations/operation.ts';
import { askQuestion } from '../operations/ask.ts';
import { MAX_QUERY_LENGTH, SearchInputSchema, searchPapers } from '../operations/papers.ts';
import {
  docSectionResources,
  essayResources,
  readResource,
  termResources,
  trackResources,
  type ResourceContents,
} from './resources.ts';

type Context = McpContext;

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
  /** Values completion/complete offers for this argument. */
  candidates?: (deps: AppDeps, context: Context) => readonly string[];
}

export type PromptMessage =
  | { role: 'user'; content: { type: 'text'; text: string } }
  | { role: 'user'; content: { type: 'resource'; resource: ResourceContents } };

export interface McpPrompt {
  name: string;
  title: string;
  description: string;
  arguments: readonly PromptArgument[];
  /** The messages, or a string saying which argument names nothing we have. */
  messages(args: Record<string, string>, context: Context): Promise<PromptMessage[] | string>;
}

const text = (value: string): PromptMessage => ({ role: 'user', content: { type: 'text', text: value } });
const embedded = (resource: ResourceContents): PromptMessage => ({
  role: 'user',
  content: { type: 'resource', resource },
});

async function embed(uri: string, context: Context): Promise<PromptMessage | undefined> {
  const kinds = [essayResources, termResources, trackResources, docSectionResources];
  const contents = await readResource(kinds, uri, context);
  return contents ? embedded(contents) : undefined;
}

export function promptDefinition(prompt: McpPrompt) {
  return {
    name: prompt.name,
    title: prompt.title,
    description: prompt.description,
    arguments: prompt.arguments.map(({ name, description, required }) => ({ name, description, required })),
  };
}

const trackArgument: PromptArgument = {
  name: 'track',
  description: 'A curriculum track slug, e.g. ai-foundations',
  required: true,
  candidates: (deps) => deps.content.curriculum.map((track) => track.slug),
};

export const explainTerm: McpPrompt = {
  name: 'explain_term',
  title: 'Explain a term',
  description: 'Explain one glossary term to the user, grounded in its glossary entry and related terms.',
  arguments: [
    {
      name: 'slug',
      description: 'The glossary term slug, e.g. zero-knowledge-proof',
      required: true,
      candidates: (deps) => deps.content.glossary.map((term) => term.slug),
    },
    {
      name: 'audience',
      description: 'Who the explanation is for: beginner (default) or practitioner',
      required: false,
      candidates: () => ['beginner', 'practitioner'],
    },
  ],
  messages: async ({ slug = '', audience = 'beginner' }, context) => {
    const term = context.deps.content.term(slug);
    const entry = term && (await embed(`research-hub://glossary/${slug}`, context));
    if (!term || !entry) return `No glossary term has the slug "${slug}".`;
    const related = term.related.map((other) => context.deps.content.term(other)?.term).filter(Boolean);
    return [
      text(
        `Explain "${term.term}" to a ${audience === 'practitioner' ? 'practitioner who builds with it' : 'curious beginner'}. ` +
          'Use the glossary entry below as your source, give one concrete example, and say how it differs from ' +
          `${related.length ? related.join(', ') : 'the closest related idea'}. Cite ${term.url}.`,
      ),
      entry,
    ];
  },
};

export const literatureReview: McpPrompt = {
  name: 'literature_review',
  title: 'Literature review of a topic',
  description:
    'Draft a short literature review of a topic: the most cited papers of a corpus (with their work ids), the ' +
    'paper tools to read and follow them and cite_papers for the bibliography, and our essays on it.',
  arguments: [
    {
      name: 'query',
      description: 'The topic, e.g. retrieval augmented generation',
      required: true,
      candidates: (deps) => deps.content.glossary.map((term) => term.term),
    },
    {
      name: 'corpus',
      description: 'ai (default) or web3',
      required: false,
      candidates: () => CORPORA,
    },
  ],
  messages: async ({ query = '', corpus = 'ai' }, context) => {
    const topic = query.trim().replace(/\s+/g, ' ');
    const checked = SearchInputSchema.shape.query.safeParse(topic);
    if (!checked.success) return `The query must be 2 to ${MAX_QUERY_LENGTH} characters.`;
    const chosen = CORPORA.find((candidate) => candidate === corpus);
    if (!chosen) return `The corpus must be one of: ${CORPORA.join(', ')}.`;
    const papers = await mostCitedPapers(topic, chosen, context);
    // The essays by name and resource URI, not embedded: two whole essays made the prompt ~7k tokens.
    const essays = (await askQuestion.run({ q: topic, limit: 3, types: ['essay'] }, context)).sources;
    const essayLines = [...new Map(essays.map((source) => [source.slug, source])).values()]
      .slice(0, 3)
      .map((source) => `- ${source.title} ${source.url} (research-hub://essays/${source.slug})`);
    return [
      text(
        `Write a literature review of "${topic}" (${chosen} corpus): the main lines of work, how they build on ` +
          'each other, open problems, and what to read first.\n\n' +
          `The most cited papers (OpenAlex work ids):\n${papers}\n\n` +
          "Work with the paper tools: get_paper {id} for a paper's abstract, authors and venue; " +
          'paper_references {id} for what it builds on and paper_citations {id, sort: "date"} for the newest work ' +
          'building on it (follow next_cursor for more); search_reports for what the list misses. End with a ' +
          'bibliography from cite_papers {ids: [the work ids you cite]} (BibTeX), and cite papers by their URLs.' +
          (essayLines.length
            ? `\n\nOur essays on the topic, for framing (read them as resources; cite their URLs):\n${essayLines.join('\n')}`
            : ''),
      ),
    ];
  },
};

/** The ten most cited papers on a topic, one line each with its work id, or why there are none. */
async function mostCitedPapers(topic: string, corpus: Corpus, where: OperationContext): Promise<string> {
  try {
    const found = (
      await searchPapers.run({ query: topic, corpus, limit: 10, page: 1, sort: 'citations' }, where)
    ).value();
    if (!found.results.length) return 'No paper in the index matches this topic.';
    return found.results
      .map(
        (paper, index) =>
          `${index + 1}. ${shortWorkId(paper.id)}: ${paper.title} (${paper.date}, ${paper.source}; ` +
          `${paper.citations} citations) ${paper.url}`,
      )
      .join('\n');
  } catch (error) {
    return `The paper index could not be searched (${error instanceof Error ? error.message : 'it failed'}); say so, and rely on the essays.`;
  }
}

export const studyPlan: McpPrompt = {
  name: 'study_plan',
  title: 'Study plan for a track',
  description: 'Turn a curriculum track into a week-by-week study plan with readings and exercises.',
  arguments: [
    trackArgument,
    {
      name: 'weeks',
      description: 'How many weeks the plan spans (default: one per module)',
      required: false,
    },
  ],
  messages: async ({ track = '', weeks }, context) => {
    const found = context.deps.content.curriculum.find((candidate) => candidate.slug === track);
    const resource = found && (await embed(`research-hub://curriculum/${track}`, context));
    if (!found || !resource) return `No curriculum track has the slug "${track}".`;
    const span =
      weeks && /^\d{1,2}$/.test(weeks) && Number(weeks) > 0
        ? `${Number(weeks)} weeks`
        : `${found.modules.length} weeks, one per module`;
    return [
      text(
        `Make a study plan for the "${found.title}" track over ${span}. For each week list what to read (the essays ` +
          'and glossary terms the track names, with their URLs under the site), the goal, and the exercise; end with ' +
          'a way to check understanding. The track follows as JSON.',
      ),
      resource,
    ];
  },
};

export const writeApiClient: McpPrompt = {
  name: 'write_api_client',
  title: 'Write code against the API',
  description: 'Write client code for one part of the Research Hub REST API, from its documentation section.',
  arguments: [
    {
      name: 'section',
      description: 'A documentation section, e.g. papers, content, ask, batch, jobs, errors',
      required: true,
      candidates: (deps, context) => docSectionResources.candidates?.['section']?.(deps, context) ?? [],
    },
    {
      name: 'language',
      description: 'The language to write in (default typescript)',
      required: false,
      candidates: () => ['typescript', 'python', 'go', 'curl'],
    },
  ],
  messages: async ({ section = '', language = 'typescript' }, context) => {
    const resource = await embed(`research-hub://docs/sections/${encodeURIComponent(section)}`, context);
    if (!resource) return `No documentation section is called "${section}".`;
    return [
      text(
        `Write ${language} code that calls the endpoints documented below: one function per endpoint, typed ` +
          'results, pagination by next_cursor where offered, and handling of the error shape and of 429 Retry-After.',
      ),
      resource,
    ];
  },
};

export const PRODUCT_PROMPTS: readonly McpPrompt[] = [explainTerm, literatureReview, studyPlan];
export const DOCS_PROMPTS: readonly McpPrompt[] = [writeApiClient, studyPlan];
