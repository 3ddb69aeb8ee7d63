// Diagrams are hand-written SVG files in content/diagrams/, cited from Markdown as images
// (`![text alternative](/diagrams/<name>.svg)`). Essay pages inline them, so they take their colours
// from the page (currentColor and the diagram classes in src/styles/diagrams.css) and follow dark
// mode; Markdown twins and feeds keep the image link to the standalone file.
import { escapeHtml } from '../core/ask/text.ts';
import { diagramPath } from './urls.ts';

export interface Diagram {
  name: string;
  title: string;
  description: string;
  svg: string;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** What the root <svg> element must carry, each with the fix to name when it does not. */
function rootProblems(name: string, root: string): string[] {
  const titleId = `${name}-title`;
  const descId = `${name}-desc`;
  const checks: Array<[boolean, string]> = [
    [attribute(root, 'role') === 'img', 'give the <svg> role="img"'],
    [attribute(root, 'aria-labelledby') === titleId, `give the <svg> aria-labelledby="${titleId}"`],
    [attribute(root, 'aria-describedby') === descId, `give the <svg> aria-describedby="${descId}"`],
    [/^\d+$/.test(attribute(root, 'width') ?? ''), 'set a numeric width on the <svg>'],
    [/^\d+$/.test(attribute(root, 'height') ?? ''), 'set a numeric height on the <svg>'],
    [Boolean(attribute(root, 'viewBox')), 'set a viewBox on the <svg>'],
    [attribute(root, 'class') === 'diagram', 'give the <svg> class="diagram"'],
    [
      attribute(root, 'xmlns') === 'http://www.w3.org/2000/svg',
      'give the <svg> xmlns="http://www.w3.org/2000/svg" (the file is also served on its own)',
    ],
  ];
  return checks.filter(([passes]) => !passes).map(([, fix]) => fix);
}

/** What the whole file must not contain: styling of its own, and ids that could clash on the page. */
function bodyProblems(name: string, svg: string): string[] {
  const problems: string[] = [];
  if (/<(style|script)\b/.test(svg)) problems.push('remove <style> and <script>: styling lives in diagrams.css');
  if (/\sfont-size=/.test(svg))
    problems.push('size text with the classes of diagrams.css (none, or "small"), not font-size attributes');
  if (/\b(fill|stroke|color|style)="(?!none"|currentColor")[^"]*"/.test(svg))
    problems.push('colour through classes or currentColor only (no fill, stroke, color or style values)');
  const foreignIds = [...svg.matchAll(/\sid="([^"]+)"/g)].filter(([, id]) => !id?.startsWith(`${name}-`));
  if (foreignIds.length > 0) problems.push(`prefix every id with "${name}-"`);
  return problems;
}

/**
 * Reads one diagram source and checks what makes it accessible and stable on the page: role="img"
 * named by its <title> and described by its <desc>, ids prefixed with its name (unique on the
 * page), a fixed width and height (no layout shift), and colours only from classes or currentColor
 * (so dark mode works).
 */
export function parseDiagram(name: string, svg: string): Diagram {
  const file = `content/diagrams/${name}.svg`;
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error(`${file}: no <svg> element.`);
  const titleId = `${name}-title`;
  const descId = `${name}-desc`;
  const title = new RegExp(`<title id="${titleId}">([^<]+)</title>`).exec(svg)?.[1];
  const description = new RegExp(`<desc id="${descId}">([^<]+)</desc>`).exec(svg)?.[1];
  const problems = [
    ...rootProblems(name, root),
    ...(title ? [] : [`add <title id="${titleId}"> with a short name`]),
    ...(description ? [] : [`add <desc id="${descId}"> describing what the diagram shows`]),
    ...bodyProblems(name, svg),
  ];
  if (problems.length > 0 || !title || !description) throw new Error(`${file}: ${problems.join('; ')}.`);
  return { name, title: decode(title), description: decode(description), svg: svg.trim() };
}

/** The words a diagram shows, for checks that read content as text. */
export function diagramText(diagram: Diagram): string {
  return decode(
    diagram.svg
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

// The image, and the paragraph Markdown wraps around an image alone on its line (a figure may not sit in a <p>).
const DIAGRAM_IMAGE = /(<p>\s*)?<img\b[^>]*\bsrc="\/diagrams\/([a-z0-9-]+)\.svg"[^>]*>(\s*<\/p>)?/g;

/** The smallest text diagrams.css allows (the "small" class); parseDiagram refuses font-size attributes. */
const SMALLEST_DIAGRAM_TEXT_PX = 12;
/** The smallest text a reader should have to read, in CSS pixels, at any screen width. */
export const LEGIBLE_TEXT_PX = 11;

/**
 * A diagram as a figure: it shrinks with the column down to the width where its smallest text is
 * still LEGIBLE_TEXT_PX, and below that (a phone) it keeps that width and scrolls sideways inside its
 * frame, with a link to the full-size file under it, so the page itself never scrolls sideways.
 */
function diagramFigure(diagram: Diagram): string {
  const width = Number(/\swidth="(\d+)"/.exec(diagram.svg)?.[1] ?? 0);
  const minWidth = Math.ceil((width * LEGIBLE_TEXT_PX) / SMALLEST_DIAGRAM_TEXT_PX);
  const svg = diagram.svg.replace(/<svg\b/, `<svg style="min-width:${minWidth}px"`);
  const title = escapeHtml(diagram.title);
  return (
    `<figure class="diagram-frame"><div class="diagram-scroll" tabindex="0" role="region" aria-label="Diagram: ${title}">` +
    `${svg}</div><figcaption><a href="${diagramPath(diagram.name)}">Open “${title}” full size</a></figcaption></figure>`
  );
}

/** Rendered essay HTML with each diagram image replaced by the diagram itself, in its figure. */
export function inlineDiagrams(html: string, diagrams: ReadonlyMap<string, Diagram>): string {
  return html.replace(DIAGRAM_IMAGE, (image, open: string | undefined, name: string, close: string | undefined) => {
    const diagram = diagrams.get(name);
    if (!diagram) throw new Error(`No diagram ${diagramPath(name)} (content/diagrams/${name}.svg)`);
    // An image inside running text keeps its paragraph and gets the bare diagram.
    if (!open || !close) return image.replace(/<img\b[^>]*>/, diagram.svg);
    return diagramFigure(diagram);
  });
}

/** The diagram as a file of its own: the page's diagram styles, with the site's light and dark colours. */
export function standaloneDiagram(diagram: Diagram, diagramCss: string): string {
  // The site's colours (src/styles/site.css), which an inlined diagram gets from the page.
  const palette =
    'svg.diagram{--fg:#1c1c1e;--card:#f4f4f6;--muted:#5b5b66;--accent:#1d4ed8;background:#fdfdfc;font-family:system-ui,sans-serif}' +
    '@media (prefers-color-scheme:dark){svg.diagram{--fg:#e8e8ec;--card:#1d1d22;--muted:#a3a3ad;--accent:#8ab4ff;background:#141417}}';
  const style = `<style>${palette}${diagramCss.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ')}</style>`;
  return diagram.svg.replace(/<svg\b[^>]*>/, (root) => `${root}${style}`);
}
