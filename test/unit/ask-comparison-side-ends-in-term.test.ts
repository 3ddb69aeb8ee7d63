// A comparison side that ends in a glossary term's name with words of its own before it ("encoder
// models like BERT"): the term's definition covers that side, though few passages hold all its words.
import { describe, expect, it } from 'vitest';
import { essayDocument, glossaryTerm, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] } as const;

const training = essayDocument(
  'training',
  'How networks are trained',
  [
    'Training adjusts the weights of a network to lower its loss on examples.',
    '## Backpropagation',
    'Backpropagation computes every gradient in one backward pass. Frameworks such as Keras do it for you, and the memory it needs grows with the depth of the network.',
    '## Hardware',
    'Accelerators run the matrix products of training in parallel. Compilers such as Triton turn the graph into kernels for each accelerator, and the batch size sets how busy they stay.',
  ],
  ['backpropagation', 'hardware'],
);
const terms = [
  glossaryTerm('keras', 'Keras', 'A library for defining and training neural networks in a few lines of code.'),
  glossaryTerm('triton', 'Triton', 'A language and compiler for writing fast accelerator kernels for training.'),
];

describe('a side that ends in the name of a term the glossary defines', () => {
  const index = loadedIndex([training, ...terms], NO_WORD_VECTORS);

  it('is covered by that definition, whatever words come before the name', () => {
    const result = index.search(
      'Training libraries like Keras vs accelerator compilers like Triton: what is each for?',
      both,
    );
    expect(result.answer).not.toBeNull();
    expect(result.answer!.passages.map((passage) => passage.slug)).toEqual(expect.arrayContaining(['keras', 'triton']));
  });

  it('still declines a side whose last words the content only mentions in passing', () => {
    const bare = loadedIndex([training], NO_WORD_VECTORS);
    const result = bare.search(
      'Training libraries like Keras vs accelerator compilers like Triton: what is each for?',
      both,
    );
    expect(result.answer).toBeNull();
  });
});
