// Every operation, by domain: the MCP product server makes a tool of each that declares one.
import type { AnyOperation } from './operation.ts';
import { askOperations } from './ask.ts';
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
];
