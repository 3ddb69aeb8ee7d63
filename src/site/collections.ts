// The only module that reads the content collections; pages get plain entries from here.
import { getCollection } from 'astro:content';
import { findContentProblems, findContentWarnings } from './content-links.ts';
import type { Diagram } from './diagrams.ts';
import { sortEssays, sortTerms, sortTracks, type SiteContent } from './site-content.ts';

let cached: Promise<SiteContent> | undefined;
let cachedDiagrams: Promise<Diagram[]> | undefined;

/** The diagrams of content/diagrams/, already checked by the collection's loader. */
export function loadDiagrams(): Promise<Diagram[]> {
  cachedDiagrams ??= getCollection('diagrams').then((entries) =>
    entries.map((entry) => ({ name: entry.id, ...entry.data, svg: entry.body ?? '' })),
  );
  return cachedDiagrams;
}

/** All content, sorted and cross-checked, with absolute URLs from astro.config's `site` (SITE_URL). */
export function loadSiteContent(): Promise<SiteContent> {
  const siteUrl: string = import.meta.env.SITE;
  cached ??= (async () => {
    const [essays, glossary, curriculum, figures, diagrams] = await Promise.all([
      getCollection('essays'),
      getCollection('glossary'),
      getCollection('curriculum'),
      getCollection('figures'),
      loadDiagrams(),
    ]);
    const content: SiteContent = {
      siteUrl: siteUrl.replace(/\/+$/, ''),
      essays: sortEssays(essays),
      glossary: sortTerms(glossary),
      curriculum: sortTracks(curriculum),
    };
    const problems = findContentProblems(content, { diagrams, figures });
    // Stale figures warn on every build (in the build's log) until someone rechecks them.
    for (const warning of findContentWarnings(content, { diagrams, figures }))
      console.warn(`[WARN] [content] ${warning}`);
    if (problems.length > 0)
      throw new Error(`Content has ${problems.length} broken reference(s):\n${problems.join('\n')}`);
    return content;
  })();
  return cached;
}
