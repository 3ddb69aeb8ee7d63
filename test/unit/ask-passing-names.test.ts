// An everyday word that shares only its stem with a glossary name ("solid" of Solidity) names no
// passage's subject; a name's own word (or its plural) and a rare word of its stem still do.
import { describe, expect, it } from 'vitest';
import { AskIndex } from '../../src/core/ask/ask-index.ts';
import { leadFeatures } from '../../src/core/ask/lead-rerank.ts';
import { QueryPlanner } from '../../src/core/ask/query-plan.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { glossaryTerm } from '../support/ask-documents.ts';

const built = AskIndex.build([
  glossaryTerm('solidity', 'Solidity', 'Solidity is the language most contracts are written in.'),
  glossaryTerm('token', 'Token', 'A token is a unit a contract keeps balances of.'),
  glossaryTerm('margin', 'Margin', 'Margin is collateral held against a loan that may be called.'),
]);
/** Everyday English, as the word vectors' frequency order would say. */
const EVERYDAY = new Set(['solid', 'tokens', 'token', 'is', 'that']);
const planner = new QueryPlanner(new Map(Object.entries(built.postings)), built.passages.length, built.names, (word) =>
  EVERYDAY.has(word.toLowerCase()),
);
const conceptOf = (question: string, word: string) =>
  planner.plan(question).concepts.find((concept) => concept.asked.includes(word))!;

describe('words in passing', () => {
  it('reads an everyday word that only shares a name’s stem as passing', () => {
    expect(conceptOf('is that solid', 'solid').passing).toBe(true);
  });

  it('keeps a name’s own word, its plural and a rare word of its stem', () => {
    expect(conceptOf('why do tokens move', 'tokens').passing).toBeUndefined();
    expect(conceptOf('what is tokenization', 'tokenization').passing).toBeUndefined();
    expect(conceptOf('what is solidity', 'solidity').passing).toBeUndefined();
  });

  it('gives a term named only in passing no share of the subject', () => {
    const solidity = built.passages.find((passage) => passage.slug === 'solidity')!;
    const margin = built.passages.find((passage) => passage.slug === 'margin')!;
    const question = parseQuestion('my margin call came, is that solid');
    const plan = planner.plan('my margin call came, is that solid');
    const [onSolidity, onMargin] = leadFeatures(
      [
        { score: 1, passage: solidity, source: [solidity] },
        { score: 1, passage: margin, source: [margin] },
      ],
      question,
      plan,
    );
    expect(onSolidity!.subject).toBe(0);
    expect(onMargin!.subject).toBeGreaterThan(0);
  });
});
