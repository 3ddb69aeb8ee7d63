// Cross-entry checks the per-file zod schemas cannot make: every related term, curriculum slug and
// internal link in a body must point at content that exists, and every figure listed in
// content/figures.yaml must be stated the same way everywhere. The build calls this and fails with
// one line per problem, naming the file and the fix.
import { OPENING_SECTION, sectionHeadings } from '../core/ask/ask-documents.ts';
import { diagramText, type Diagram } from './diagrams.ts';
import { findFigureProblems, findStaleFigureWarnings, type ContentText, type FigureEntry } from './figures.ts';
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
  return [
    ...relatedTermProblems(content, terms),
    ...curriculumProblems(content, essays, terms),
    ...internalLinkProblems(content, sitePages(content, essays, terms, support.diagrams)),
    ...findFigureProblems(support.figures, contentTexts(content, support.diagrams)),
    ...arxivVersionProblems(content, support.figures),
    ...askedSectionProblems(content),
  ];
}

/**
 * An essay's `asked` phrasings are keyed by a `##` or `###` heading of its body, exactly: a renamed
 * heading would otherwise leave its phrasings indexed with nothing.
 */
function askedSectionProblems(content: SiteContent): string[] {
  return content.essays.flatMap((essay) => {
    const headings = sectionHeadings(essay.body ?? '');
    const known = new Set([OPENING_SECTION, ...headings]);
    return Object.keys(essay.data.asked)
      .filter((key) => !known.has(key))
      .map(
        (key) =>
          `content/essays/${essay.id}.md: "asked" names the section "${key}", which is not a ## or ### heading of the essay; use one of ${[...known].map((name) => `"${name}"`).join(', ')}.`,
      );
  });
}

/** Warnings that do not stop the build: figures checked before the essay stating them was last revised. */
export function findContentWarnings(content: SiteContent, support: ContentSupport): string[] {
  return findStaleFigureWarnings(support.figures, contentTexts(content, support.diagrams));
}

/** An arXiv link without a version (`v2`) follows the paper as it is revised, away from the text we cite. */
const UNVERSIONED_ARXIV = /arxiv\.org\/(?:abs|pdf)\/(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?!v\d)(?![\d.])/gi;

/** Every arXiv link in references, bodies and figure sources names the version cited. */
function arxivVersionProblems(content: SiteContent, figures: readonly FigureEntry[]): string[] {
  const places: Array<[string, string]> = [
    ...content.essays.map((entry): [string, string] => [
      `content/essays/${entry.id}.md`,
      [...entry.data.references.map((ref) => ref.url), entry.body ?? ''].join('\n'),
    ]),
    ...content.glossary.map((entry): [string, string] => [`content/glossary/${entry.id}.md`, entry.body ?? '']),
    ...figures.map((figure): [string, string] => [`content/figures.yaml ("${figure.id}")`, figure.data.source]),
  ];
  return places.flatMap(([file, text]) =>
    [...text.matchAll(UNVERSIONED_ARXIV)].map(
      (match) =>
        `${file}: arXiv link "${match[0]}" names no version; pin the version you cite, e.g. "${match[0]}v1", so later revisions cannot change what the reference points at.`,
    ),
  );
}

/** A term's "related" list names other terms that exist. */
function relatedTermProblems(content: SiteContent, terms: ReadonlySet<string>): string[] {
  return content.glossary.flatMap((term) =>
    term.data.related.flatMap((related) => {
      if (related === term.id)
        return [`content/glossary/${term.id}.md: "related" lists the term itself; remove "${related}".`];
      if (terms.has(related)) return [];
      return [
        `content/glossary/${term.id}.md: related term "${related}" does not exist; add content/glossary/${related}.md or remove it from "related".`,
      ];
    }),
  );
}

/** Every essay and term a curriculum module lists exists. */
function curriculumProblems(content: SiteContent, essays: ReadonlySet<string>, terms: ReadonlySet<string>): string[] {
  return content.curriculum.flatMap((track) =>
    track.data.modules.flatMap((module, index) => {
      const where = `content/curriculum/${track.id}.md: module ${index + 1} ("${module.title}")`;
      return [
        ...module.essays
          .filter((slug) => !essays.has(slug))
          .map(
            (slug) =>
              `${where} lists essay "${slug}", which does not exist; fix the slug or add content/essays/${slug}.md.`,
          ),
        ...module.terms
          .filter((slug) => !terms.has(slug))
          .map(
            (slug) =>
              `${where} lists term "${slug}", which does not exist; fix the slug or add content/glossary/${slug}.md.`,
          ),
      ];
    }),
  );
}

/** Every path the built site serves a page at, for checking internal links. */
function sitePages(
  content: SiteContent,
  essays: ReadonlySet<string>,
  terms: ReadonlySet<string>,
  diagrams: readonly Diagram[],
): Set<string> {
  const pages = new Set<string>(FIXED_PAGES);
  for (const slug of essays) pages.add(essayPath(slug));
  for (const slug of terms) pages.add(termPath(slug));
  for (const essay of content.essays) for (const tag of essay.data.tags) pages.add(tagPath(tag));
  for (const term of content.glossary) pages.add(categoryPath(term.data.category));
  for (const diagram of diagrams) pages.add(diagramPath(diagram.name));
  return pages;
}

/** Every internal Markdown link in a body points at a page (its Markdown twin counts as the page). */
function internalLinkProblems(content: SiteContent, pages: ReadonlySet<string>): string[] {
  const bodies: Array<[string, string | undefined]> = [
    ...content.essays.map((entry): [string, string | undefined] => [`content/essays/${entry.id}.md`, entry.body]),
    ...content.glossary.map((entry): [string, string | undefined] => [`content/glossary/${entry.id}.md`, entry.body]),
    ...content.curriculum.map((entry): [string, string | undefined] => [
      `content/curriculum/${entry.id}.md`,
      entry.body,
    ]),
  ];
  return bodies.flatMap(([file, body]) =>
    [...(body ?? '').matchAll(INTERNAL_LINK)]
      .map((match) => match[1] ?? '')
      .filter((target) => !pages.has(target.replace(/\.md$/, '') || '/'))
      .map(
        (target) => `${file}: link to "${target}" points at no page; use an existing slug (see docs/content-guide.md).`,
      ),
  );
}

/** Every piece of prose a reader sees, for the figure check. */
function contentTexts(content: SiteContent, diagrams: readonly Diagram[]): ContentText[] {
  return [
    ...content.essays.map((entry) => ({
      file: `content/essays/${entry.id}.md`,
      text: [entry.data.title, entry.data.description, entry.body ?? ''].join('\n'),
      updated: entry.data.updated,
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
