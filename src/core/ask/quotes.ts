// Curly quotation marks as straight ones: the rendered pages print headings with curly quotes
// (“final”, ’s), the Markdown and most question sets write them straight, and a source named either
// way is the same source.
export const straightQuotes = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
