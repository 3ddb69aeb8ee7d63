// Where an essay sits in the two orders a reader follows: the essay list (newest first, as /essays
// shows it) and each curriculum track that assigns it (its essays in module order, each once).
import type { CurriculumTrackFrontmatter, EssayFrontmatter } from '../content/schemas.ts';
import type { Entry } from './site-content.ts';

export interface Neighbour {
  slug: string;
  title: string;
}

export interface Place {
  previous: Neighbour | undefined;
  next: Neighbour | undefined;
}

export interface TrackPlace extends Place {
  trackId: string;
  trackTitle: string;
  /** 1-based position of the essay in the track, and how many essays the track has. */
  position: number;
  count: number;
}

function placeIn(slugs: readonly string[], slug: string, titles: ReadonlyMap<string, string>): Place {
  const index = slugs.indexOf(slug);
  const neighbour = (at: number): Neighbour | undefined => {
    const other = slugs[at];
    return other === undefined || at < 0 ? undefined : { slug: other, title: titles.get(other) ?? other };
  };
  return { previous: neighbour(index - 1), next: neighbour(index + 1) };
}

export function essayPlace(essays: ReadonlyArray<Entry<EssayFrontmatter>>, slug: string): Place {
  const titles = new Map(essays.map((essay) => [essay.id, essay.data.title]));
  return placeIn(
    essays.map((essay) => essay.id),
    slug,
    titles,
  );
}

export function trackPlaces(
  tracks: ReadonlyArray<Entry<CurriculumTrackFrontmatter>>,
  essays: ReadonlyArray<Entry<EssayFrontmatter>>,
  slug: string,
): TrackPlace[] {
  const titles = new Map(essays.map((essay) => [essay.id, essay.data.title]));
  return tracks.flatMap((track) => {
    const slugs = [...new Set(track.data.modules.flatMap((module) => module.essays))];
    if (!slugs.includes(slug)) return [];
    return [
      {
        trackId: track.id,
        trackTitle: track.data.title,
        position: slugs.indexOf(slug) + 1,
        count: slugs.length,
        ...placeIn(slugs, slug, titles),
      },
    ];
  });
}
