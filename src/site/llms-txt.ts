// /llms.txt (llmstxt.org): an H1, a one-line summary, a short paragraph, then H2 lists of links to
// the Markdown twins, with the skippable ones under "Optional". /llms-full.txt is every essay and
// glossary term in one Markdown file, built from the same functions as the twins.
import type { GlossaryCategory } from '../content/schemas.ts';
import { CATEGORY_INFO } from './categories.ts';
import { essayMarkdown, termMarkdown } from './markdown-twins.ts';
import { tagCounts, type SiteContent } from './site-content.ts';
import { absoluteUrl, categoryPath, DISCOVERY, essayPath, markdownPath, termPath } from './urls.ts';

export const SITE_SUMMARY = 'Essays, a glossary and paper search on AI and Web3, for people and AI agents.';

const twin = (siteUrl: string, pagePath: string) => absoluteUrl(siteUrl, markdownPath(pagePath));
const line = (name: string, url: string, note: string) => `- [${name}](${url}): ${note}`;

export function llmsTxt(content: SiteContent): string {
  const { siteUrl, essays, glossary, curriculum } = content;
  const categories = (Object.keys(CATEGORY_INFO) as GlossaryCategory[]).flatMap((category) => {
    const count = glossary.filter((term) => term.data.category === category).length;
    return count === 0 ? [] : [{ category, count }];
  });
  const tags = tagCounts(essays);
  const sections: Array<[string, string[]]> = [
    [
      'Essays',
      essays.map((essay) => line(essay.data.title, twin(siteUrl, essayPath(essay.id)), essay.data.description)),
    ],
    [
      'Glossary',
      [
        line(
          'Glossary',
          twin(siteUrl, '/glossary'),
          `all ${glossary.length} terms with their definitions, by category`,
        ),
        ...categories.map(({ category, count }) =>
          line(
            CATEGORY_INFO[category].label,
            twin(siteUrl, categoryPath(category)),
            `${CATEGORY_INFO[category].summary} ${count} terms.`,
          ),
        ),
      ],
    ],
    [
      'Curriculum',
      [
        line(
          'Curriculum',
          twin(siteUrl, '/curriculum'),
          `learning tracks of ordered modules with exercises: ${curriculum.map((track) => track.data.title).join('; ')}`,
        ),
      ],
    ],
    [
      'API',
      [
        line(
          'API reference',
          twin(siteUrl, DISCOVERY.apiDocs),
          'every endpoint with its parameters, responses and error codes; no key needed',
        ),
        line(
          'OpenAPI description',
          absoluteUrl(siteUrl, DISCOVERY.openapi),
          'OpenAPI 3.1, generated from the route table',
        ),
        line(
          'Authentication',
          absoluteUrl(siteUrl, DISCOVERY.authGuide),
          'anonymous by default; optional bearer tokens for a rate-limit bucket of your own',
        ),
      ],
    ],
    [
      'Optional',
      [
        line('Tags', twin(siteUrl, '/tags'), `essays by topic: ${tags.map(({ tag }) => tag).join(', ')}`),
        line(
          'Full text',
          absoluteUrl(siteUrl, DISCOVERY.llmsFullTxt),
          'every essay and glossary term as Markdown in one file',
        ),
        line('Home', twin(siteUrl, '/'), 'the latest essays and where to go next'),
      ],
    ],
  ];
  const intro =
    `Research Hub publishes ${essays.length} long-form essays with references to the literature, a plain-language ` +
    `glossary of ${glossary.length} terms and ${curriculum.length} learning tracks. Every page has a Markdown twin ` +
    `at its URL + ".md" (the links below), also served for \`Accept: text/markdown\`. Everything is readable ` +
    `without a key; the API also searches academic papers (OpenAlex) by citation count.`;
  return `${[
    '# Research Hub',
    `> ${SITE_SUMMARY}`,
    intro,
    ...sections.map(([heading, lines]) => `## ${heading}\n\n${lines.join('\n')}`),
  ].join('\n\n')}\n`;
}

export function llmsFullTxt(content: SiteContent): string {
  const { siteUrl, essays, glossary } = content;
  const termsBySlug = new Map(glossary.map((term) => [term.id, term]));
  const documents = [
    ...essays.map((essay) => ({
      url: absoluteUrl(siteUrl, essayPath(essay.id)),
      markdown: essayMarkdown(siteUrl, essay),
    })),
    ...glossary.map((term) => ({
      url: absoluteUrl(siteUrl, termPath(term.id)),
      markdown: termMarkdown(siteUrl, term, termsBySlug),
    })),
  ];
  const header = [
    '# Research Hub: all essays and glossary terms',
    `> ${SITE_SUMMARY}`,
    `${essays.length} essays, newest first, then ${glossary.length} glossary terms, A to Z. Each document starts ` +
      `with its own H1 and ends with its URL. The index of this site is ${absoluteUrl(siteUrl, DISCOVERY.llmsTxt)}.`,
  ].join('\n\n');
  return `${[header, ...documents.map((doc) => `${doc.markdown.trim()}\n\nSource: ${doc.url}`)].join('\n\n---\n\n')}\n`;
}
