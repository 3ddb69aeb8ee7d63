// What the ask index is built from, and how it cuts it into passages: an essay into its sections
// (## and ###, each with the anchor Astro gave its heading) and each section into paragraph-sized
// passages; a glossary term into its definition and the paragraphs of its body. A passage is the
// unit that is ranked, quoted as an answer and linked to.
import { sentenceStarts } from './sentences.ts';
import { markdownToText, rawWords, terms } from './text.ts';

export const ASK_INDEX_PATH = 'data/ask-index.json';

/** The key of an essay's `asked` phrasings for its opening, the text before its first `##` heading. */
export const OPENING_SECTION = '(opening)';

/** One essay or glossary term, as the site hands it over at build time. */
export interface AskDocument {
  type: 'essay' | 'glossary';
  slug: string;
  /** Essay title or term name. */
  title: string;
  /** Other names of a glossary term (abbreviations, spellings, related names); empty for essays. */
  aliases: string[];
  /** A glossary term's "also asked as" phrasings, in readers' words; indexed with its definition. */
  asked?: string[];
  /**
   * An essay's "also asked as" phrasings per section, keyed by its `##` or `###` heading exactly (or
   * OPENING_SECTION); indexed with the passages under that heading, up to the next one.
   */
  sectionsAsked?: Readonly<Record<string, readonly string[]>>;
  /** A glossary term's definition, plain text; null for essays. */
  definition: string | null;
  /** Markdown: the essay or the term's explanation. */
  body: string;
  /** The ids Astro rendered for the body's `##` and `###` headings, in order. */
  anchors: string[];
  url: string;
  markdownUrl: string;
}

export type AskDocumentType = AskDocument['type'];

export interface AskPassage {
  type: AskDocumentType;
  slug: string;
  /** Term name, or "Essay title: Section heading" (the essay title alone for its introduction). */
  title: string;
  /** The essay section heading; null for an essay's introduction and for glossary terms. */
  section: string | null;
  /** A `###` subsection's `##` section, whose heading the page shows above it; absent otherwise. */
  within?: string;
  /** A glossary definition, or any other paragraph. */
  kind: 'definition' | 'paragraph';
  /** Page URL; essay sections carry their #anchor. */
  url: string;
  markdownUrl: string;
  /** Plain text. */
  text: string;
  /** Start offsets of its sentences (see sentences.ts). */
  sentences: number[];
  /** How many explanatory cues ("because", "the reason", "leads to") it holds, at most 3. */
  explains: number;
  /** What the passage is about: the term's names, or the section heading. */
  names: string[];
  /** Indexed with more weight than the text: names for a definition or a section, not for a term's body. */
  namesWeigh: boolean;
  /**
   * Terms that occur only inside quotation marks: mentioned, not used ("The capital of France is" in
   * an example). They rank, but do not count as the passage speaking to them.
   */
  mentions: string[];
  /** Indexed with the weight of the text: the essay title, so every section knows its subject. */
  context: string;
  /**
   * An essay section's "asked" phrasings, joined: indexed by their words with the weight of the
   * text, but kept out of the passage's semantic vector and never quoted.
   */
  asked?: string;
  /**
   * Questions readers asked that the passage answers (reader-questions.ts): their words that the
   * content uses count with the text's, kept out of the semantic vector; never quoted.
   */
  readers?: string[];
  /** Per sentence, which of `readers` found their answer in it (indexes into `readers`). */
  readersAt?: number[][];
}

/** Paragraphs shorter than this join the next one: a lone sentence rarely answers anything. */
const MIN_PASSAGE_WORDS = 35;
/** Longer paragraphs are cut at sentence boundaries into parts of about half this. */
const MAX_PASSAGE_WORDS = 220;

export const EXPLANATORY_CUES =
  /\b(?:because|therefore|hence|thus|which means|this means|that means|the reason|the result|as a result|resulted in|due to|leads? to|led to|so that|in order to|causes?|caused|triggered|driven by|explains?|why)\b/gi;

const QUOTED = /"[^"]*"|“[^”]*”/g;

const wordCount = (text: string) => rawWords(text).length;

function mentionedOnly(text: string): string[] {
  const quoted = new Set(terms((text.match(QUOTED) ?? []).join(' ')));
  if (quoted.size === 0) return [];
  const used = new Set(terms(text.replace(QUOTED, ' ')));
  return [...quoted].filter((term) => !used.has(term));
}

/** The Markdown paragraphs of a body, as plain text, sized for ranking. */
export function paragraphs(markdown: string): string[] {
  const blocks = markdown
    .replace(/```[\s\S]*?```/g, '\n\n')
    .split(/\n\s*\n/)
    .map(markdownToText)
    .filter((text) => wordCount(text) > 0);
  const joined: string[] = [];
  let pending = '';
  for (const block of blocks) {
    pending = pending ? `${pending} ${block}` : block;
    if (wordCount(pending) >= MIN_PASSAGE_WORDS) {
      joined.push(...cutLong(pending));
      pending = '';
    }
  }
  if (pending) {
    const last = joined.pop();
    joined.push(...(last === undefined ? [pending] : cutLong(`${last} ${pending}`)));
  }
  return joined;
}

function cutLong(text: string): string[] {
  const total = wordCount(text);
  if (total <= MAX_PASSAGE_WORDS) return [text];
  const parts = Math.ceil(total / (MAX_PASSAGE_WORDS / 2));
  const target = total / parts;
  const starts = sentenceStarts(text);
  const cuts: string[] = [];
  let from = 0;
  let words = 0;
  starts.forEach((start, at) => {
    const end = starts[at + 1] ?? text.length;
    words += wordCount(text.slice(start, end));
    if (words >= target && end < text.length && cuts.length < parts - 1) {
      cuts.push(text.slice(from, end).trim());
      from = end;
      words = 0;
    }
  });
  cuts.push(text.slice(from).trim());
  return cuts;
}

/** An essay's `##` and `###` headings, as written: the keys its `asked` phrasings may use. */
export function sectionHeadings(body: string): string[] {
  return splitSections(body, []).flatMap((section) => (section.heading === null ? [] : [section.heading]));
}

/** Splits an essay body at its `##` and `###` headings, pairing each with its anchor. */
export function splitSections(
  body: string,
  anchors: readonly string[],
): Array<{ heading: string | null; anchor: string | null; markdown: string; within?: string }> {
  const parts = body.split(/^(#{2,3})[ \t]+(.+)$/m);
  const sections: Array<{ heading: string | null; anchor: string | null; markdown: string; within?: string }> = [];
  const intro = parts[0]?.trim();
  if (intro) sections.push({ heading: null, anchor: null, markdown: intro });
  let section: string | undefined;
  for (let index = 1; index < parts.length; index += 3) {
    const heading = (parts[index + 1] ?? '').trim();
    const sub = parts[index] === '###';
    if (!sub) section = heading;
    sections.push({
      heading,
      anchor: anchors[(index - 1) / 3] ?? null,
      markdown: (parts[index + 2] ?? '').trim(),
      ...(sub && section !== undefined ? { within: section } : {}),
    });
  }
  return sections;
}

function passage(
  document: AskDocument,
  fields: Pick<AskPassage, 'title' | 'section' | 'kind' | 'url' | 'text' | 'names' | 'context' | 'asked' | 'within'>,
): AskPassage {
  return {
    type: document.type,
    slug: document.slug,
    markdownUrl: document.markdownUrl,
    ...fields,
    namesWeigh: !(document.type === 'glossary' && fields.kind === 'paragraph'),
    mentions: mentionedOnly(fields.text),
    sentences: sentenceStarts(fields.text),
    explains: Math.min(3, fields.text.match(EXPLANATORY_CUES)?.length ?? 0),
  };
}

export function passagesOf(document: AskDocument): AskPassage[] {
  if (document.type === 'glossary') {
    const names = [document.title, ...document.aliases];
    const about = { title: document.title, section: null, url: document.url, names, context: '' };
    // The ways readers ask for it go with the definition, as its context: ranked, never quoted.
    const asked = (document.asked ?? []).join('. ');
    return [
      ...(document.definition
        ? [passage(document, { ...about, kind: 'definition', text: document.definition, context: asked })]
        : []),
      ...paragraphs(document.body).map((text) => passage(document, { ...about, kind: 'paragraph', text })),
    ];
  }
  return splitSections(document.body, document.anchors).flatMap((section) => {
    const asked = (document.sectionsAsked?.[section.heading ?? OPENING_SECTION] ?? []).join('. ');
    return paragraphs(section.markdown).map((text) =>
      passage(document, {
        title: section.heading ? `${document.title}: ${section.heading}` : document.title,
        section: section.heading,
        kind: 'paragraph',
        url: section.anchor ? `${document.url}#${section.anchor}` : document.url,
        text,
        names: section.heading ? [section.heading] : [],
        context: document.title,
        ...(asked ? { asked } : {}),
        ...(section.within === undefined ? {} : { within: section.within }),
      }),
    );
  });
}
