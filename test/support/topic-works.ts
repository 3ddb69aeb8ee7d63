// Works on one made-up topic, in OpenAlex's shape, for tests that need more results than the
// fixtures hold for any query (paging, date order, year bounds) and authors, DOIs and open-access
// links on every kind of result. Ids start at W7000000001, apart from the fixtures (W9…) and the
// benchmark's synthetic works (W8…).
const AI_CONCEPT = {
  id: 'https://openalex.org/C154945302',
  display_name: 'Artificial intelligence',
  level: 1,
  score: 0.6,
};

/** `count` works whose titles all hold `word`, dated from 1990 on, each a different mix of fields. */
export function topicWorks(count: number, word: string): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const year = 1990 + ((n * 7) % 36);
    const month = String(1 + (n % 12)).padStart(2, '0');
    const authorCount = n % 8;
    return {
      id: `https://openalex.org/W${7_000_000_000 + n}`,
      doi: n % 3 === 0 ? null : `https://doi.org/10.5555/${word}.${n}`,
      display_name: `${word[0]!.toUpperCase()}${word.slice(1)} methods, study ${n}`,
      publication_year: year,
      publication_date: `${year}-${month}-15`,
      type: n % 4 === 0 ? 'preprint' : 'article',
      cited_by_count: (n * 37) % 500,
      primary_location: {
        is_oa: n % 2 === 0,
        landing_page_url: `https://journal.example/${word}/${n}`,
        source: { display_name: n % 2 === 0 ? 'Journal of Examples' : 'Example Proceedings' },
      },
      open_access: { is_oa: n % 2 === 0, oa_url: n % 2 === 0 ? `https://repository.example/${word}/${n}.pdf` : null },
      authorships: Array.from({ length: authorCount }, (_, author) => ({
        author: { display_name: `Author ${String.fromCharCode(65 + author)}. ${word} ${n}` },
      })),
      concepts: [AI_CONCEPT],
    };
  });
}
