// A section whose heading uses the question's own question word ("Why …" for a why question, "How …"
// for a how question) is ranked up among an essay's sections: it says why or how, where a section
// that only shares more of the question's words tells what happened.
import { describe, expect, it } from 'vitest';
import { essayDocument, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const ferries = essayDocument(
  'ferries',
  'Ferry crossings',
  [
    'Ferries carry cars and people across the strait every hour.',
    '## The storms of last winter',
    'Ferries were delayed often in the storms of last winter, and delayed ferries were often cancelled when the wind rose. Passengers waited at the harbour while the ferries stayed in port.',
    '## Why timetables slip',
    'Ferries are often delayed because the same boat turns round at each end: a single late arrival pushes every later crossing back. Crews also reach their legal hours sooner, so a delay in the morning leads to cancellations by the evening.',
    '## How to plan a crossing',
    'Book the earliest crossing, check the forecast the night before, and keep a later sailing in reserve.',
  ],
  ['the-storms-of-last-winter', 'why-timetables-slip', 'how-to-plan-a-crossing'],
);

const both = { limit: 5, types: ['essay' as const, 'glossary' as const] };

describe("a heading with the question's question word", () => {
  it('leads a why question over a section that only repeats its words', () => {
    const result = loadedIndex([ferries], NO_WORD_VECTORS).search('why are ferries delayed so often?', both);
    expect(result.sources[0]).toMatchObject({ slug: 'ferries', section: 'Why timetables slip' });
  });

  it('is no boost for a question that asks neither why nor how', () => {
    const result = loadedIndex([ferries], NO_WORD_VECTORS).search('ferries delayed in the storms of last winter', both);
    expect(result.sources[0]).toMatchObject({ slug: 'ferries', section: 'The storms of last winter' });
  });
});
