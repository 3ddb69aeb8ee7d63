// Cross-entry checks the per-file zod schemas cannot make: every related term, curriculum slug and
// internal link in a body must point at content that exists, and every figure listed in
// content/figures.yaml must be stated the same way everywhere. The build calls this and fails with
// one line per problem, naming the file and the fix.
import { diagramText, type Diagram } from './diagrams.ts';
import { findFigureProblems, type ContentText, type FigureEntry } from './figures.ts';
import { categoryPath, diagramPath, essayPath, FIXED_PAGES, tagPath, termPath } from './urls.ts';
import type { SiteContent } from './site-content.ts';

/** What content links to or is checked against besides essays, terms and tracks. */
export interface ContentSupport {
  diagrams: readonly Diagram[];
  figures: readonly FigureEntry[];
}

const INTERNAL_LINK = /\]\((\/[^)\s#]*)(#[^)\s]*)?\)/g;

export function findContentProblems(
  content: SiteContent,
  support: ContentSupport = { diagrams: [], figures: [] },
): string[] {
  const essays = new Set(content.essays.map((entry) => entry.id));
  const terms = new Set(content.glossary.map((entry) => entry.id));
  const problems: string[] = [];

  for (const term of content.glossary) {
    for (const related of term.data.related) {
      if (related === term.id)
        problems.push(`content/glossary/${term.id}.md: "related" lists the term itself; remove "${related}".`);
      else if (!terms.has(related))
        problems.push(
          `content/glossary/${term.id}.md: related term "${related}" does not exist; add content/glossary/${related}.md or remove it from "related".`,
        );
    }
  }
  for (const track of content.curriculum) {
    track.data.modules.forEach((module, index) => {
      for (const slug of module.essays)
        if (!essays.has(slug))
          problems.push(
            `content/curriculum/${track.id}.md: module ${index + 1} ("${module.title}") lists essay "${slug}", which does not exist; fix the slug or add content/essays/${slug}.md.`,
          );
      for (const slug of module.terms)
        if (!terms.has(slug))
          problems.push(
            `content/curriculum/${track.id}.md: module ${index + 1} ("${module.title}") lists term "${slug}", which does not exist; fix the slug or add content/glossary/${slug}.md.`,
          );
    });
  }

  const pages = new Set<string>(FIXED_PAGES);
  for (const slug of essays) pages.add(essayPath(slug));
  for (const slug of terms) pages.add(termPath(slug));
  for (const essay of content.essays) for (const tag of essay.data.tags) pages.add(tagPath(tag));
  for (const term of content.glossary) pages.add(categoryPath(term.data.category));
  for (const diagram of support.diagrams) pages.add(diagramPath(diagram.name));

  const bodies: Array<[string, string | undefined]> = [
    ...content.essays.map((entry): [string, string | undefined] => [`content/essays/${entry.id}.md`, entry.body]),
    ...content.glossary.map((entry): [string, string | undefined] => [`content/glossary/${entry.id}.md`, entry.body]),
    ...content.curriculum.map((entry): [string, string | undefined] => [
      `content/curriculum/${entry.id}.md`,
      entry.body,
    ]),
  ];
  for (const [file, body] of bodies) {
    for (const match of (body ?? '').matchAll(INTERNAL_LINK)) {
      const target = match[1] ?? '';
      if (!pages.has(target.replace(/\.md$/, '') || '/'))
        problems.push(
          `${file}: link to "${target}" points at no page; use an existing slug (see docs/content-guide.md).`,
        );
    }
  }
  return [...problems, ...findFigureProblems(support.figures, contentTexts(content, support.diagrams))];
}

/** Every piece of prose a reader sees, for the figure check. */
function contentTexts(content: SiteContent, diagrams: readonly Diagram[]): ContentText[] {
  return [
    ...content.essays.map((entry) => ({
      file: `content/essays/${entry.id}.md`,
      text: [entry.data.title, entry.data.description, entry.body ?? ''].join('\n'),
    })),
    ...content.glossary.map((entry) => ({
      file: `content/glossary/${entry.id}.md`,
      text: [entry.data.definition, entry.body ?? ''].join('\n'),
    })),
    ...content.curriculum.map((entry) => ({
      file: `content/curriculum/${entry.id}.md`,
      text: [
        entry.data.description,
        ...entry.data.modules.flatMap((module) => [module.goal, module.exercise]),
        entry.body ?? '',
      ].join('\n'),
    })),
    ...diagrams.map((diagram) => ({ file: `content/diagrams/${diagram.name}.svg`, text: diagramText(diagram) })),
  ];
}
