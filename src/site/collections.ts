// The only module that reads the content collections; pages get plain entries from here.
import { getCollection } from 'astro:content';
import { findContentProblems } from './content-links.ts';
import { sortEssays, sortTerms, sortTracks, type SiteContent } from './site-content.ts';

let cached: Promise<SiteContent> | undefined;

/** All content, sorted and cross-checked, with absolute URLs from astro.config's `site` (SITE_URL). */
export function loadSiteContent(): Promise<SiteContent> {
  const siteUrl: string = import.meta.env.SITE;
  cached ??= (async () => {
    const [essays, glossary, curriculum] = await Promise.all([
      getCollection('essays'),
      getCollection('glossary'),
      getCollection('curriculum'),
    ]);
    const content: SiteContent = {
      siteUrl: siteUrl.replace(/\/+$/, ''),
      essays: sortEssays(essays),
      glossary: sortTerms(glossary),
      curriculum: sortTracks(curriculum),
    };
    const problems = findContentProblems(content);
    if (problems.length > 0)
      throw new Error(`Content has ${problems.length} broken reference(s):\n${problems.join('\n')}`);
    return content;
  })();
  return cached;
}
