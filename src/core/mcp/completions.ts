// completion/complete: candidate values for prompt arguments and resource template variables,
// those starting with what the user typed first, then those containing it.
import type { AppDeps } from '../deps.ts';
import type { McpContext } from './context.ts';
import type { McpServerDefinition } from './definition.ts';

type Candidates = (deps: AppDeps, context: McpContext) => readonly string[];

/** The spec's cap on values in one completion answer. */
const MAX_VALUES = 100;

/**
 * The candidates of the argument a reference names: undefined when the argument takes free text,
 * a message when the reference names no prompt or template of this server.
 */
export function candidatesFor(
  server: McpServerDefinition,
  ref: { type?: unknown; name?: unknown; uri?: unknown } | undefined,
  argument: string,
): Candidates | undefined | string {
  if (ref?.type === 'ref/prompt') {
    const prompt = server.prompts.find((candidate) => candidate.name === ref.name);
    if (!prompt) return `Unknown prompt. Prompts: ${server.prompts.map((p) => p.name).join(', ')}.`;
    return prompt.arguments.find((candidate) => candidate.name === argument)?.candidates;
  }
  if (ref?.type === 'ref/resource') {
    const kind = server.resources.find((candidate) => candidate.uriTemplate === ref.uri);
    if (!kind) return 'Unknown resource template; list them with resources/templates/list.';
    return kind.candidates?.[argument];
  }
  return '"ref" must be a ref/prompt or ref/resource reference.';
}

export function completionValues(candidates: readonly string[], typed: string) {
  const wanted = typed.trim().toLowerCase();
  const starting = candidates.filter((value) => value.toLowerCase().startsWith(wanted));
  const containing = wanted
    ? candidates.filter((value) => !value.toLowerCase().startsWith(wanted) && value.toLowerCase().includes(wanted))
    : [];
  const matches = [...starting, ...containing];
  return { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES };
}
