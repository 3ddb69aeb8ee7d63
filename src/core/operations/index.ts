// Every operation, by domain: the route table derives their REST routes, and the MCP servers their tools.
import type { AnyOperation } from './operation.ts';
import { askOperations } from './ask.ts';
import { documentationOperations } from './documentation.ts';
import { essaysOperations } from './essays.ts';
import { glossaryOperations } from './glossary.ts';
import { paperGraphOperations } from './paper-graph.ts';
import { papersOperations } from './papers.ts';
import { scholarOperations } from './scholar.ts';

export const operations: readonly AnyOperation[] = [
  ...papersOperations,
  ...paperGraphOperations,
  ...scholarOperations,
  ...essaysOperations,
  ...glossaryOperations,
  ...askOperations,
  ...documentationOperations,
];
