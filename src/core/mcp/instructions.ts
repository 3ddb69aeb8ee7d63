// A server's `instructions`, computed from what it serves: a purpose and a few hints written once,
// then every tool, resource template and prompt by name, so a new tool is announced without an edit.
import type { McpPrompt } from './prompts.ts';
import { resourceTemplates, type ResourceKind } from './resources.ts';
import type { AnyTool } from './tool.ts';

interface Served {
  tools: readonly AnyTool[];
  resources: readonly ResourceKind[];
  prompts: readonly McpPrompt[];
}

/** `purpose` says what the server is for; `hints` how to use it well (they may name tools). */
export function instructionsFor(purpose: string, hints: string, { tools, resources, prompts }: Served): string {
  const parts = [purpose, `Tools: ${tools.map((tool) => `${tool.name} (${tool.title.toLowerCase()})`).join('; ')}.`];
  if (hints) parts.push(hints);
  const templates = resourceTemplates(resources).map((template) => template.uriTemplate);
  if (templates.length > 0) parts.push(`Resources: ${templates.join(', ')}.`);
  if (prompts.length > 0) parts.push(`Prompts: ${prompts.map((prompt) => prompt.name).join(', ')}.`);
  return parts.join(' ');
}
