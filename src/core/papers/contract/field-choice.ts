// The `fields` choice of the paper tools: an agent names the fields of each paper it wants, and the
// answer (text and structured content) carries those and the id, nothing else, so a list of 200
// titles costs what 200 titles cost. The REST routes answer every field, as the interface promises.
import { z } from 'zod';
import { PaperSchema } from './paper.ts';
import { SearchResultItemSchema } from './search-result-item.ts';

export const ITEM_FIELDS = Object.keys(SearchResultItemSchema.shape) as Array<
  keyof typeof SearchResultItemSchema.shape
>;
export const PAPER_FIELDS = Object.keys(PaperSchema.shape) as Array<keyof typeof PaperSchema.shape>;

/** A tool's `fields` argument over the given field names. */
export function fieldsInput(names: readonly string[]) {
  return z
    .array(z.enum(names as [string, ...string[]]))
    .min(1)
    .max(names.length)
    .optional()
    .describe(
      'Only these fields of each paper (the id always comes too), to keep the answer small; every field when absent',
    );
}

/** The item with only the chosen fields and its id. */
export function pickFields<T extends { id: string }>(item: T, fields: readonly string[]): Partial<T> & { id: string } {
  const picked: Record<string, unknown> = { id: item.id };
  for (const field of fields) if (field in item) picked[field] = (item as Record<string, unknown>)[field];
  return picked as Partial<T> & { id: string };
}

/** A list answer whose papers carry only the chosen fields. */
export function pickListFields<B extends { results: Array<{ id: string }> }>(body: B, fields: readonly string[]): B {
  return { ...body, results: body.results.map((item) => pickFields(item, fields)) };
}

/** A list schema whose papers may lack any field but the id: the tools' output when `fields` is used. */
export function withChosenFields<S extends z.ZodObject>(list: S): z.ZodType {
  return list.extend({
    results: z
      .array(SearchResultItemSchema.partial().required({ id: true }))
      .describe('Page of papers, each with the fields asked for (all when `fields` is absent)'),
  });
}

/** One paper that may lack any field but the id. */
export const ChosenPaperSchema = PaperSchema.partial().required({ id: true });
