// Every public URL of the site in one place. Pages are served without a trailing slash; the
// Markdown twin of a page is its URL + ".md" ("/" has "/index.md").

export const essayPath = (slug: string) => `/essays/${slug}`;
export const termPath = (slug: string) => `/glossary/${slug}`;
export const tagPath = (tag: string) => `/tags/${tag}`;
export const categoryPath = (category: string) => `/glossary/category/${category}`;

export function markdownPath(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath}.md`;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}
