// GET /ask as Markdown, for a client that prefers text/markdown (as the site's pages do): the extractive
// answer with its source, then the ranked sources, each a link an agent can cite.
import type { AskResult } from './ask-index.ts';

/** One line of Markdown-safe text: no line breaks, brackets escaped. */
const inline = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/([[\]])/g, '\\$1')
    .trim();

export function askMarkdown(answer: AskResult): string {
  const lines = [`# ${inline(answer.query)}`, ''];
  if (answer.answer) {
    lines.push(answer.answer.text.trim(), '', `Source: [${inline(answer.answer.title)}](${answer.answer.url})`, '');
  } else lines.push(`No answer: ${answer.no_answer_reason ?? 'no passage answers the question with confidence.'}`, '');
  if (answer.sources.length > 0) {
    lines.push('## Sources', '');
    answer.sources.forEach((source, index) =>
      lines.push(`${index + 1}. [${inline(source.title)}](${source.url}) (${source.type}): ${inline(source.snippet)}`),
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
