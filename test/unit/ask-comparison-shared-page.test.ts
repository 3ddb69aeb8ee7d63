// A comparison whose sides are names of one glossary term ("flat storage" is another name of the
// tiered storage page): that page's paragraph that names both sets them against each other, unless
// a side's own passage elsewhere is about that side, all of it, not only the word it has that the
// other lacks ("Flat file" is about files, not flat storage); then the page's definition opens the
// answer before each side's own passage.
import { describe, expect, it } from 'vitest';
import { comparedPassages, type QuotingContext } from '../../src/core/ask/answer-passages.ts';
import type { AskOptions } from '../../src/core/ask/ask-index.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { essayPassage, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both: AskOptions = { limit: 5, types: ['essay', 'glossary'] };

describe('a comparison of two names of one term', () => {
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  const index = loadedIndex(
    [
      glossaryTerm(
        'tiered-storage',
        'Tiered storage',
        'A design in which data moves between fast and slow disks according to how often it is read.',
        [
          'Flat storage keeps every byte on one kind of disk; tiered storage moves cold data to cheaper disks and pays for it with slower reads of that data.',
          'Most cloud providers sell it under a name of their own.',
        ].join('\n\n'),
        ['flat storage'],
      ),
      glossaryTerm(
        'flat-file',
        'Flat file',
        'A plain text file with one record on each line and no index.',
        'Flat storage of records in such a file is simple to write and slow to search.',
      ),
      glossaryTerm('disk', 'Disk', 'A device that keeps data when the power is off.'),
    ],
    NO_WORD_VECTORS,
  );

  it('quotes the shared page where a side passage is about only a word of that side', () => {
    const result = index.search("Flat storage vs tiered storage, what's the trade-off?", both);
    expect(result.answer?.passages.map((passage) => passage.slug)).toEqual(['tiered-storage', 'tiered-storage']);
    expect(result.answer?.text).toContain('pays for it with slower reads');
  });

  it('quotes each side apart, after the shared page says what it is, when no paragraph of it names both', () => {
    // The ballot's page (0, 1, 2) names the petition only alone; each side's best passage is an essay's (4, 3).
    const passages = [
      essayPassage('A vote in which everyone can see how each member voted.', {
        type: 'glossary',
        kind: 'definition',
        slug: 'open-ballot',
        title: 'Open ballot',
        section: null,
      }),
      essayPassage('An open ballot makes members answer to those who elected them.', {
        type: 'glossary',
        slug: 'open-ballot',
        title: 'Open ballot',
        section: null,
      }),
      essayPassage('An open petition is a list of names that anyone may sign.', {
        type: 'glossary',
        slug: 'open-ballot',
        title: 'Open ballot',
        section: null,
      }),
      essayPassage('An open petition needs a set number of signatures before the council must act.'),
      essayPassage('Small councils count an open ballot by a show of hands.'),
    ];
    const context: QuotingContext = {
      passages,
      ranking: { paragraphsOf: () => [1, 2], passagesBeside: () => [3], definitionOf: () => 0 },
    };
    const side = (word: string, passage: number) => ({
      best: { passage, score: 1, coverage: 1, confidence: 1 },
      plan: planOf([word]),
    });
    const quoted = comparedPassages(
      context,
      [side('ballot', 4), side('petition', 3)],
      [{ passage: 0, score: 1, coverage: 1, confidence: 1 }],
      ['open ballot', 'open petition'],
    );
    // The ballot's page leads the comparison: its definition's opening comes first, as the page the
    // sources list first (dev8, dev9 one key fact more each).
    expect(quoted.map((each) => each.passage)).toEqual([0, 4, 3]);
    expect(quoted[0]!.opening).toBe(true);
  });
});

describe('a side passage named by a longer name of a side', () => {
  it('is not about the side: the page both sides name is quoted', () => {
    // "Dry run" and "live run" name the run modes page (0, 1); the dry side's best is a page whose
    // other name only holds the side ("dry run report"), the live side's an essay's (3).
    const modes = { type: 'glossary' as const, slug: 'run-modes', title: 'Run modes', section: null };
    const passages = [
      essayPassage('The two ways a deployment script can be started.', { ...modes, kind: 'definition' }),
      essayPassage('A dry run prints every change it would make; a live run makes them.', modes),
      essayPassage('A dry run report lists the changes a script would make.', {
        type: 'glossary',
        slug: 'change-report',
        title: 'Change report',
        section: null,
        names: ['Change report', 'dry run report'],
      }),
      essayPassage('A live run needs the production keys.'),
    ];
    const context: QuotingContext = {
      passages,
      ranking: { paragraphsOf: () => [1], passagesBeside: () => [3], definitionOf: () => 0 },
    };
    const side = (word: string, passage: number) => ({
      best: { passage, score: 1, coverage: 1, confidence: 1 },
      plan: planOf([word]),
    });
    const quoted = comparedPassages(
      context,
      [side('dry', 2), side('live', 3)],
      [{ passage: 0, score: 1, coverage: 1, confidence: 1 }],
      ['dry run', 'live run'],
    );
    expect(quoted.map((each) => each.passage)).toEqual([0, 1]);
  });
});

const planOf = (words: readonly string[]): Plan => ({
  concepts: words.map((word) => ({ asked: [word], idf: 1, alternatives: [[word]], named: false })),
  weights: new Map(),
});
