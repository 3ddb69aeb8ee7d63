// zod leaves `examples` out of a transforming schema's input side (they could be outputs). The
// examples written on our inputs are values as a client sends them, from which the API docs and the
// tests make sample calls, so the input side keeps them: pass this as toJSONSchema's `override`.
import { z } from 'zod';

export function keepInputExamples({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: object }): void {
  const examples = z.globalRegistry.get(zodSchema as z.ZodType)?.examples;
  const json = jsonSchema as { examples?: unknown };
  if (examples !== undefined && json.examples === undefined) json.examples = examples;
}
