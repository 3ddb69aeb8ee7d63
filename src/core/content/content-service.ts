// Read-only queries over the built content: the essays and glossary lists of the REST API, and the
// lookups MCP tools and the ask index share.
import { paginate, type Page } from '../pagination.ts';
import {
  toEssayItem,
  toGlossaryTermItem,
  type ContentData,
  type CurriculumTrackRecord,
  type EssayItem,
  type EssayRecord,
  type GlossaryRecord,
  type GlossaryTermItem,
} from './content-data.ts';

export class ContentService {
  readonly siteUrl: string;
  readonly essays: readonly EssayRecord[];
  readonly glossary: readonly GlossaryRecord[];
  readonly curriculum: readonly CurriculumTrackRecord[];
  readonly #essayBySlug: Map<string, EssayRecord>;
  readonly #termBySlug: Map<string, GlossaryRecord>;

  constructor(data: ContentData) {
    this.siteUrl = data.siteUrl;
    this.curriculum = data.curriculum;
    // Newest first for essays, A-Z for terms: the orders readers expect from each list.
    this.essays = [...data.essays].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    this.glossary = [...data.glossary].sort(
      (a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug),
    );
    this.#essayBySlug = new Map(this.essays.map((essay) => [essay.slug, essay]));
    this.#termBySlug = new Map(this.glossary.map((term) => [term.slug, term]));
  }

  listEssays(options: { tag?: string | undefined; limit: number; page: number }): Page<EssayItem> {
    const tag = options.tag?.trim().toLowerCase();
    const matching = tag ? this.essays.filter((essay) => essay.tags.includes(tag)) : this.essays;
    const page = paginate(matching, options.limit, options.page);
    return { ...page, items: page.items.map(toEssayItem) };
  }

  listGlossary(options: { category?: string | undefined; limit: number; page: number }): Page<GlossaryTermItem> {
    const matching = options.category ? this.glossary.filter((term) => term.category === options.category) : this.glossary;
    const page = paginate(matching, options.limit, options.page);
    return { ...page, items: page.items.map(toGlossaryTermItem) };
  }

  essay(slug: string): EssayRecord | undefined {
    return this.#essayBySlug.get(slug);
  }

  term(slug: string): GlossaryRecord | undefined {
    return this.#termBySlug.get(slug);
  }
}
