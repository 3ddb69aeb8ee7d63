// CONTENT_DIR lets the build benchmark (and authors) point the site at another content tree.
export const contentDir = process.env['CONTENT_DIR'] ?? './content';
