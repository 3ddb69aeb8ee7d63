// A comparison that asks which of two names ranks higher ("which is faster", "is X better than Y
// for …") is declined when the content never explains one of them: naming it in a list weighs it
// against nothing. How two names differ, or a ranking of kinds of thing, is still answered.
import { describe, expect, it } from 'vitest';
import { ranksNames, writtenCase } from '../../src/core/ask/comparison-asked.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { essayDocument, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

const kettles = essayDocument(
  'smart-kettles',
  'Smart kettles',
  [
    'Smart kettles boil water on a schedule and report their temperature to a phone. Examples include Kettlebot, Steamly and Boilr.',
    'Tests by a consumer magazine found that Fizzle boils 40% faster than Boilr on the same element.',
    '## Kettlebot: the first smart kettle',
    'Kettlebot boils a litre in three minutes by pulsing its element, and it descales itself every month with a citric acid rinse, so its element stays fast for years.',
    '## Heating elements',
    'A kettle element heats faster when it sits under the water; a concealed element is slower to boil but easier to clean and cheaper to run.',
  ],
  ['kettlebot-the-first-smart-kettle', 'heating-elements'],
);
const index = loadedIndex(
  [
    kettles,
    glossaryTerm(
      'descaler',
      'Descaler',
      'A mild acid that dissolves the limescale hard water leaves on a kettle element, so the element heats the water faster.',
      '',
      ['limescale remover'],
    ),
  ],
  NO_WORD_VECTORS,
);

describe('a comparison that ranks two names', () => {
  it.each([
    'Steamly vs Boilr: which one is faster and cheaper?',
    'Is Kettlebot better than Steamly for green tea?',
    'Kettlebot or Boilr: which smart kettle is cheaper to run?',
  ])('is declined when the content never explains one of them: %s', (question) => {
    expect(index.search(question, both).answer).toBeNull();
  });

  // ask-dev21 and ask-dev22 (30 November): a choice among names, "is X or Y better", "the better".
  it.each([
    'Kettlebot vs Steamly: which smart kettle should I use for tea?',
    'Is Steamly or Kettlebot better at keeping water warm?',
    'Kettlebot or Boilr: which is the better kettle for a small office?',
    // ask-dev20, ask-dev23: two names set against each other for a purpose.
    'Kettlebot vs Steamly for brewing green tea?',
    // ask-dev25: names typed in small letters, as chat is.
    'hey is kettlebot or steamly better for my green tea lol',
  ])('is declined for the name it mentions in passing when asked as a choice: %s', (question) => {
    expect(index.search(question, both).no_answer_reason).toMatch(/only in passing/);
  });

  it('says which names the content mentions only in passing', () => {
    const result = index.search('Steamly vs Boilr: which one is faster and cheaper?', both);
    expect(result.no_answer_reason).toMatch(/mention “Steamly”, “Boilr” only in passing, never describing them/);
    expect(index.search('Is Kettlebot better than Steamly for green tea?', both).no_answer_reason).toMatch(
      /mention “Steamly” only in passing, never describing it/,
    );
  });

  it('is answered when both names are explained, or when it asks how they differ', () => {
    expect(index.search('Kettlebot vs Descaler: which one is faster?', both).answer).not.toBeNull();
    expect(index.search('Kettlebot vs Steamly: how do they differ?', both).answer).not.toBeNull();
  });

  it('is answered when a sentence weighs one name against the other', () => {
    // Review of 30 November: "Is DistilBERT faster than BERT?" ("40% smaller and 60% faster than BERT").
    expect(index.search('Is Fizzle faster than Boilr?', both).answer).not.toBeNull();
  });

  it('is answered when the content writes a side in lowercase words, as a kind', () => {
    expect(index.search('Is Kettlebot faster than a Concealed Element?', both).answer).not.toBeNull();
  });

  it('is answered when it ranks kinds of thing rather than names', () => {
    expect(
      index.search('concealed element vs exposed element: which one is cheaper to run?', both).answer,
    ).not.toBeNull();
  });
});

describe('ranksNames', () => {
  it('reads a ranking asked of two names', () => {
    expect(ranksNames(parseQuestion('zkSync Era vs Starknet: which has lower fees?'), [])).toBe(true);
    expect(ranksNames(parseQuestion('Is Claude better than ChatGPT for coding?'), [])).toBe(true);
  });

  it('reads names typed in small letters when the content writes them only with capitals', () => {
    const texts = ['Claude and Gemini answer in chat.', 'Kettles made by Steamly boil in a minute.'];
    expect(ranksNames(parseQuestion('is claude or gemini better for writing cover letters'), texts)).toBe(true);
    expect(ranksNames(parseQuestion('is claude or gemini smarter'), texts)).toBe(true);
    expect(ranksNames(parseQuestion('is claude or gemini better for writing cover letters'), [])).toBe(false);
    // Written in small letters too: a kind of thing, or the word itself.
    const kinds = [...texts, 'A chat model answers in chat.'];
    expect(ranksNames(parseQuestion('is claude or chat better for writing cover letters'), kinds)).toBe(false);
    expect(writtenCase('claude', texts)).toBe('capitalised');
    expect(writtenCase('Chat', kinds)).toBe('lowercase');
    expect(writtenCase('Boilr', texts)).toBeUndefined();
  });

  it('leaves sides in lowercase words and questions that ask no ranking', () => {
    expect(ranksNames(parseQuestion('Dense retrieval vs BM25: which works better?'), [])).toBe(false);
    expect(ranksNames(parseQuestion('ReAct vs Toolformer: how do they differ?'), [])).toBe(false);
  });

  it('reads a choice among names, and "is X or Y better"', () => {
    expect(ranksNames(parseQuestion('Pinecone vs Weaviate vs Qdrant: which vector database should I use?'), [])).toBe(
      true,
    );
    expect(parseQuestion('Is Gemini or GPT-4o better at understanding images?').sides).toEqual(['Gemini', 'GPT-4o']);
    expect(parseQuestion('Llama 3 8B or Mistral 7B: which is the better base for fine-tuning?').sides).toEqual([
      'Llama 3 8B',
      'Mistral 7B',
    ]);
    expect(parseQuestion('Which should I use, Pinecone or Qdrant?').sides).toEqual(['Pinecone', 'Qdrant']);
    expect(parseQuestion('Is ERC-20 or ERC-721 used for NFTs, and which costs more gas?').sides).toBeUndefined();
    expect(ranksNames(parseQuestion('PyTorch vs JAX for training a transformer from scratch?'), [])).toBe(true);
    expect(ranksNames(parseQuestion('GANs vs diffusion models for generating images?'), [])).toBe(false);
    // A choice of kinds, in lowercase words, is the content's to weigh.
    expect(ranksNames(parseQuestion('Dense retrieval vs BM25: which should I use for code search?'), [])).toBe(false);
  });

  it('finds the sides of "X or Y: which <kind> is cheaper"', () => {
    expect(parseQuestion('Pinecone or Qdrant: which vector database is cheaper to run?').sides).toEqual([
      'Pinecone',
      'Qdrant',
    ]);
  });
});
