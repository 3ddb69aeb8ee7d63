// /.well-known/agents.json (wild-card-ai agents.json 0.1.0): flows over our OpenAPI description.
// Each flow names an operationId of the route table and takes its parameters from the generated
// OpenAPI description, so a route that lands, changes or goes shows up here at the next build.
import type { AnyRoute } from '../core/http/route.ts';
import type { OpenApiDocument } from '../core/openapi.ts';
import { API_VERSION } from '../core/versioning.ts';
import { absoluteUrl, DISCOVERY } from './urls.ts';

export const AGENTS_JSON_VERSION = '0.1.0';
const SOURCE_ID = 'research_hub_api';

interface FlowTemplate {
  id: string;
  operationId: string;
  title: string;
  description(siteUrl: string): string;
}

const FLOWS: readonly FlowTemplate[] = [
  {
    id: 'search_papers',
    operationId: 'searchPapers',
    title: 'Search academic papers',
    description: () =>
      'Search an index of academic papers in the ai or web3 corpus. Results come most cited first; pass next_cursor ' +
      'as cursor for the next page.',
  },
  {
    id: 'read_essay',
    operationId: 'listEssays',
    title: 'Find and read an essay',
    description: (siteUrl) =>
      'List the published essays, newest first, optionally only those with a tag. Each essay has a markdownUrl ' +
      `(${absoluteUrl(siteUrl, '/essays/<slug>.md')}): GET it for the full essay as Markdown, references included.`,
  },
  {
    id: 'look_up_glossary_term',
    operationId: 'listGlossaryTerms',
    title: 'Look up a glossary term',
    description: (siteUrl) =>
      "List glossary terms A to Z, optionally in one category, each with a plain-language definition. A term's " +
      `markdownUrl (${absoluteUrl(siteUrl, '/glossary/<slug>.md')}) has the longer explanation and related terms.`,
  },
  {
    id: 'ask_question',
    operationId: 'ask',
    title: 'Ask a question',
    description: () =>
      'Ask a question in plain language. The answer is an extract from the best matching glossary definition or essay ' +
      'passage, with the ranked sources it came from.',
  },
];

type JsonObject = Record<string, unknown>;

function findOperation(doc: OpenApiDocument, operationId: string): JsonObject | undefined {
  for (const methods of Object.values(doc.paths))
    for (const operation of Object.values(methods)) if (operation['operationId'] === operationId) return operation;
  return undefined;
}

function flowParameters(operation: JsonObject) {
  return ((operation['parameters'] as JsonObject[] | undefined) ?? [])
    .filter((parameter) => !('$ref' in parameter))
    .map((parameter) => ({
      name: String(parameter['name']),
      required: parameter['required'] === true,
      type: String((parameter['schema'] as JsonObject | undefined)?.['type'] ?? 'string'),
    }));
}

function successResponse(siteUrl: string, operation: JsonObject): JsonObject {
  const ok = (operation['responses'] as Record<string, JsonObject> | undefined)?.['200'] ?? {};
  const content = ok['content'] as Record<string, { schema?: JsonObject }> | undefined;
  const ref = content?.['application/json']?.schema?.['$ref'];
  return {
    type: 'object',
    description: String(ok['description'] ?? 'Success'),
    ...(typeof ref === 'string' ? { schema: { $ref: `${absoluteUrl(siteUrl, DISCOVERY.openapi)}${ref}` } } : {}),
  };
}

/** snake_case of an operationId: listGlossaryCategories → list_glossary_categories. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The written flows, then one for every other read the API directories list, from its route's own
 * summary and description: a new capability is a flow at the next build.
 */
function flowTemplates(routes: readonly AnyRoute[]): FlowTemplate[] {
  const written = new Set(FLOWS.map((flow) => flow.operationId));
  const derived = routes
    .filter((route) => route.directoryName && route.method === 'GET' && !written.has(route.operationId))
    .map((route) => ({
      id: snakeCase(route.operationId),
      operationId: route.operationId,
      title: route.summary,
      description: () => route.description ?? route.summary,
    }));
  return [...FLOWS, ...derived];
}

export function agentsJson(siteUrl: string, routes: readonly AnyRoute[], doc: OpenApiDocument) {
  const available = new Set(routes.map((route) => route.operationId));
  const flows = flowTemplates(routes).flatMap((flow) => {
    const operation = available.has(flow.operationId) ? findOperation(doc, flow.operationId) : undefined;
    if (!operation) return [];
    const actionId = `${flow.id}_action`;
    const parameters = flowParameters(operation);
    return [
      {
        id: flow.id,
        title: flow.title,
        description: flow.description(siteUrl),
        actions: [{ id: actionId, sourceId: SOURCE_ID, operationId: flow.operationId }],
        links: parameters.map(({ name }) => ({
          origin: { actionId: flow.id, fieldPath: `parameters.${name}` },
          target: { actionId, fieldPath: `parameters.${name}` },
        })),
        fields: { parameters, responses: { success: successResponse(siteUrl, operation) } },
      },
    ];
  });
  return {
    agentsJson: AGENTS_JSON_VERSION,
    info: {
      title: 'Research Hub',
      version: API_VERSION,
      description:
        'Flows over the Research Hub API: paper search, essays, the glossary and questions in plain language. No ' +
        `authentication is needed (see ${absoluteUrl(siteUrl, DISCOVERY.authGuide)}).`,
    },
    sources: [
      {
        id: SOURCE_ID,
        path: absoluteUrl(siteUrl, DISCOVERY.openapi),
        description: 'The Research Hub API, OpenAPI 3.1',
      },
    ],
    flows,
  };
}
