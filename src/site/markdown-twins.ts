// The Markdown twins of the site's pages, for agents and for `Accept: text/markdown`. Each twin says
// the same as its HTML page; links are absolute so a twin read on its own still resolves.
import type {
  CurriculumTrackFrontmatter,
  EssayFrontmatter,
  GlossaryCategory,
  GlossaryFrontmatter,
} from '../content/schemas.ts';
import { CATEGORY_INFO } from './categories.ts';
import { DISCOVERY_LINKS } from './discovery-links.ts';
import { isoDate, type Entry } from './site-content.ts';
import { absoluteUrl, categoryPath, essayPath, tagPath, termPath } from './urls.ts';

type Essay = Entry<EssayFrontmatter>;
type Term = Entry<GlossaryFrontmatter>;
type Track = Entry<CurriculumTrackFrontmatter>;

/** Root-relative links in content become absolute. */
export function absolutiseLinks(siteUrl: string, markdown: string): string {
  return markdown.replace(/\]\(\//g, `](${siteUrl.replace(/\/+$/, '')}/`);
}

const link = (siteUrl: string, text: string, path: string) => `[${text}](${absoluteUrl(siteUrl, path)})`;

export function essayMarkdown(siteUrl: string, essay: Essay): string {
  const { title, description, date, updated, tags, references } = essay.data;
  const meta = [`Published ${isoDate(date)}`, `updated ${isoDate(updated)}`];
  meta.push(`tags: ${tags.map((tag) => link(siteUrl, tag, tagPath(tag))).join(', ')}`);
  const parts = [
    `# ${title}`,
    `> ${description}`,
    `${meta.join(' · ')}`,
    absolutiseLinks(siteUrl, (essay.body ?? '').trim()),
  ];
  if (references.length > 0) {
    parts.push(
      '## References',
      references
        .map((ref, index) => `${index + 1}. ${ref.authors} (${ref.year}). "${ref.title}". ${ref.venue}. <${ref.url}>`)
        .join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}

export function termMarkdown(siteUrl: string, term: Term, termsBySlug: ReadonlyMap<string, Term>): string {
  const { data } = term;
  const parts = [
    `# ${data.term}`,
    `> ${data.definition}`,
    `Category: ${link(siteUrl, CATEGORY_INFO[data.category].label, categoryPath(data.category))}` +
      (data.aliases.length > 0 ? ` · Also known as: ${data.aliases.join(', ')}` : ''),
  ];
  const body = (term.body ?? '').trim();
  if (body) parts.push(absolutiseLinks(siteUrl, body));
  const related = data.related.flatMap((slug) => {
    const other = termsBySlug.get(slug);
    return other ? [`- ${link(siteUrl, other.data.term, termPath(slug))}`] : [];
  });
  if (related.length > 0) parts.push('## Related terms', related.join('\n'));
  return `${parts.join('\n\n')}\n`;
}

const essayLine = (siteUrl: string, essay: Essay) =>
  `- ${link(siteUrl, essay.data.title, essayPath(essay.id))} (${isoDate(essay.data.date)}): ${essay.data.description}`;
const termLine = (siteUrl: string, term: Term) =>
  `- ${link(siteUrl, term.data.term, termPath(term.id))}: ${term.data.definition}`;

export function essaysIndexMarkdown(siteUrl: string, essays: readonly Essay[]): string {
  return `# Essays\n\nLong-form research essays on AI and Web3, newest first.\n\n${essays.map((essay) => essayLine(siteUrl, essay)).join('\n')}\n`;
}

export function tagMarkdown(siteUrl: string, tag: string, essays: readonly Essay[]): string {
  return `# Essays tagged "${tag}"\n\n${essays.map((essay) => essayLine(siteUrl, essay)).join('\n')}\n\nAll essays: ${absoluteUrl(siteUrl, '/essays')}\n`;
}

export function tagsIndexMarkdown(siteUrl: string, tags: ReadonlyArray<{ tag: string; count: number }>): string {
  const lines = tags.map(
    ({ tag, count }) => `- ${link(siteUrl, tag, tagPath(tag))} (${count} ${count === 1 ? 'essay' : 'essays'})`,
  );
  return `# Tags\n\n${lines.join('\n')}\n`;
}

export function glossaryIndexMarkdown(siteUrl: string, terms: readonly Term[]): string {
  const sections = (Object.keys(CATEGORY_INFO) as GlossaryCategory[]).flatMap((category) => {
    const inCategory = terms.filter((term) => term.data.category === category);
    if (inCategory.length === 0) return [];
    return [`## ${CATEGORY_INFO[category].label}\n\n${inCategory.map((term) => termLine(siteUrl, term)).join('\n')}`];
  });
  return `# Glossary\n\n${terms.length} AI and Web3 terms in plain language, by category and A to Z.\n\n${sections.join('\n\n')}\n`;
}

export function categoryMarkdown(siteUrl: string, category: GlossaryCategory, terms: readonly Term[]): string {
  const info = CATEGORY_INFO[category];
  return `# ${info.label}\n\n> ${info.summary}\n\n${terms.map((term) => termLine(siteUrl, term)).join('\n')}\n\nThe whole glossary: ${absoluteUrl(siteUrl, '/glossary')}\n`;
}

export function curriculumMarkdown(
  siteUrl: string,
  tracks: readonly Track[],
  titles: { essays: ReadonlyMap<string, string>; terms: ReadonlyMap<string, string> },
): string {
  const parts = [
    '# Curriculum',
    'Learning tracks: ordered modules that point at the essays and glossary terms to read, each with an exercise.',
  ];
  for (const track of tracks) {
    parts.push(`## ${track.data.title}`, track.data.description);
    const body = (track.body ?? '').trim();
    if (body) parts.push(absolutiseLinks(siteUrl, body));
    track.data.modules.forEach((module, index) => {
      const lines = [`### ${index + 1}. ${module.title}`, '', `Goal: ${module.goal}`, ''];
      if (module.essays.length > 0)
        lines.push(
          `Read: ${module.essays.map((slug) => link(siteUrl, titles.essays.get(slug) ?? slug, essayPath(slug))).join(', ')}`,
          '',
        );
      lines.push(
        `Terms: ${module.terms.map((slug) => link(siteUrl, titles.terms.get(slug) ?? slug, termPath(slug))).join(', ')}`,
        '',
      );
      lines.push(`Exercise: ${module.exercise}`);
      parts.push(lines.join('\n'));
    });
  }
  return `${parts.join('\n\n')}\n`;
}

export function homeMarkdown(siteUrl: string, essays: readonly Essay[], termCount: number): string {
  return (
    [
      '# Research Hub',
      '> Essays, a glossary and paper search on AI and Web3, for people and AI agents.',
      '## Latest essays',
      essays
        .slice(0, 5)
        .map((essay) => essayLine(siteUrl, essay))
        .join('\n'),
      '## Explore',
      [
        `- ${link(siteUrl, 'All essays', '/essays')}`,
        `- ${link(siteUrl, `Glossary (${termCount} terms)`, '/glossary')}`,
        `- ${link(siteUrl, 'Curriculum', '/curriculum')}`,
        `- [API directory](${absoluteUrl(siteUrl, '/api')})`,
      ].join('\n'),
      '## For agents and developers',
      'Every page has a Markdown version at its URL + `.md`, also served for `Accept: text/markdown`. The API is ' +
        'open and needs no key.',
      DISCOVERY_LINKS.map(({ label, path, note }) => `- ${link(siteUrl, label, path)}: ${note}`).join('\n'),
    ].join('\n\n') + '\n'
  );
}
