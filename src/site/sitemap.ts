// <lastmod> for the sitemap that @astrojs/sitemap writes (astro.config.mjs): an essay's own date
// (updated, else date), a list of essays the newest date among them, and the build date for pages
// the content does not date (glossary, curriculum, API docs), since each build may change them.
// It reads the content index the build emits (/data/content.json), so the dates come from the same
// records the API serves and there is no second list of pages: the integration lists the built ones.
// Self-contained (no imports), because astro.config.mjs loads it before the site is built.

/** The parts of /data/content.json's essay records the dates come from. */
export interface DatedEssay {
  slug: string;
  date: string;
  updated: string | null;
  tags: readonly string[];
}

/** Pages whose content is a list of essays change when the newest of those essays does. */
const ESSAY_LIST_PAGES = ['/', '/essays', '/tags'];

const changedOn = (essay: DatedEssay) => essay.updated ?? essay.date;

const newest = (essays: readonly DatedEssay[]) =>
  essays.reduce<string | undefined>((latest, essay) => {
    const day = changedOn(essay);
    return latest === undefined || day > latest ? day : latest;
  }, undefined);

/** The content-dated pages (path → YYYY-MM-DD); every other page is dated by the build. */
export function contentDates(essays: readonly DatedEssay[]): Map<string, string> {
  const dates = new Map<string, string>();
  const latest = newest(essays);
  if (latest !== undefined) for (const path of ESSAY_LIST_PAGES) dates.set(path, latest);
  for (const essay of essays) dates.set(`/essays/${essay.slug}`, changedOn(essay));
  for (const tag of new Set(essays.flatMap((essay) => essay.tags))) {
    const tagged = newest(essays.filter((essay) => essay.tags.includes(tag)));
    if (tagged !== undefined) dates.set(`/tags/${tag}`, tagged);
  }
  return dates;
}

/** The <lastmod> of a page URL: its content date, else the build's (both as the W3C date, day precision). */
export function lastmodOf(url: string, dates: ReadonlyMap<string, string>, buildDate: Date): string {
  const path = new URL(url).pathname.replace(/(.)\/$/, '$1');
  return dates.get(path) ?? buildDate.toISOString().slice(0, 10);
}
