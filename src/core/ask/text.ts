// Text processing shared by the ask index at build time and queries at run time: both sides must
// turn text into the same terms, or nothing matches.
import { stemmer } from 'stemmer';

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from how i in into is it its of on or that the their them these this to was what when where which who why will with you your about explain define definition meaning mean means tell me'.split(
    ' ',
  ),
);

/** Lowercased words and numbers, Unicode-aware; hyphenated words split ("zk-rollup" → zk, rollup). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** One index term per word: stopwords dropped, Porter-stemmed. Returns null to drop a term. */
export function indexTerm(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOPWORDS.has(lower)) return null;
  return stemmer(lower);
}

export function terms(text: string): string[] {
  return words(text).flatMap((word) => indexTerm(word) ?? []);
}

/** Markdown to plain prose for indexing and snippets: links keep their text, markup goes. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+\.\s+/gm, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ')
    .replace(/[|*_`>~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
