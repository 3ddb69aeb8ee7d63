// What the documentation operations read of the API reference: the doors make it from the route
// table (mcp/documentation.ts) and hand it over in the operation's context.
import { z } from 'zod';

export const DocSectionSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });
export type DocSection = z.infer<typeof DocSectionSchema>;

/** The API as its doors describe it. */
export interface ApiDocumentation {
  /** The OpenAPI 3.1 description (also at /openapi.json). */
  openApi(): { openapi: string; info: object; paths: object };
  /** The reference in sections: overview, one per endpoint group, errors. */
  sections(): DocSection[];
}
