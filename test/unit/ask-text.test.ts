import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../src/core/ask/question.ts';
import { sentenceStarts, sentencesAt } from '../../src/core/ask/sentences.ts';
import { derivedWords, joinedCompounds, markdownToText, terms } from '../../src/core/ask/text.ts';

describe('ask terms', () => {
  it('stems and drops stopwords so questions meet documents', () => {
    expect(terms('What are the rollups?')).toEqual(['rollup']);
    expect(terms('zk-rollups reducing hallucinations')).toEqual(['zk', 'rollup', 'reduc', 'hallucin']);
  });

  it('keeps acronyms that look like stopwords: DID is an identifier, did is not', () => {
    expect(terms('Why did TerraUSD collapse?')).toEqual(['terrausd', 'collaps']);
    expect(terms('How is a DID resolved?')).toEqual(['did', 'resolv']);
    expect(terms('DIDs')).toEqual(['did']);
  });

  it('drops what contractions leave behind', () => {
    expect(terms("why doesn't the model run on-chain")).toEqual(['model', 'run', 'chain']);
    // Typed without the apostrophe, as chat does: "itll be fine right" (ask-dev70) named "itll".
    expect(terms('itll be fine, wouldnt it, if weve pasted it all')).toEqual(['fine', 'past', 'all']);
  });

  it('indexes hyphenated words written as one', () => {
    expect(joinedCompounds('without re-running it, a zk-rollup')).toEqual(['rerun', 'zkrollup']);
  });

  it('turns Markdown into plain prose', () => {
    expect(
      markdownToText('## Title\n\nSee [the term](/glossary/gas) and **bold** `code`.\n\n| a | b |\n|---|---|'),
    ).toBe('Title See the term and bold code. a b');
  });

  it('reads $$...$$ mathematics as arithmetic, so TeX commands never become terms', () => {
    expect(markdownToText('It is $$\\frac{2\\sqrt{r}}{1 + r} - 1$$ here.')).toBe('It is 2√r/(1 + r) - 1 here.');
    expect(markdownToText('A fall to $$12{,}000 / (10 \\times 0.825) \\approx 1{,}455$$, about $5.')).toBe(
      'A fall to 12,000 / (10 × 0.825) ≈ 1,455, about $5.',
    );
    const display = '$$\n\\begin{aligned}\n\\text{debt} &< 1.5 \\\\\nP &< \\$2{,}250\n\\end{aligned}\n$$';
    expect(markdownToText(display)).toBe('debt < 1.5 P < $2,250');
    expect(terms(markdownToText('$$\\operatorname{softmax}(QK^\\top / \\sqrt{d_k})$$'))).not.toContain('sqrt');
  });
});

describe('derived words', () => {
  it('gives the word under an everyday prefix or suffix, and nothing for a word with neither', () => {
    expect(derivedWords('outvote')).toEqual(['vote']);
    expect(derivedWords('Unstick')).toEqual(['stick']);
    // "-able" makes an adjective of a verb ("stakeable", "forkable"): no name.
    expect(derivedWords('forkable')).toEqual(['fork']);
    expect(derivedWords('table')).toEqual([]);
    expect(derivedWords('wordy')).toEqual(['word']);
    expect(derivedWords('metamask')).toEqual([]);
    // Too short a remainder is no word of its own ("rely", "under").
    expect(derivedWords('rely')).toEqual([]);
    expect(derivedWords('under')).toEqual([]);
  });
});

describe('sentence boundaries', () => {
  const split = (text: string) => sentencesAt(text, sentenceStarts(text));

  it('never cuts inside numbers or citations', () => {
    expect(
      split(
        'Anchor paid about 19.5% on UST deposits. Models saw 1.4 trillion tokens (Liu et al., 2023). Then it fell.',
      ),
    ).toEqual([
      'Anchor paid about 19.5% on UST deposits.',
      'Models saw 1.4 trillion tokens (Liu et al., 2023).',
      'Then it fell.',
    ]);
  });

  it('knows the abbreviations Unicode sentence rules miss', () => {
    expect(
      split(
        'Chains such as e.g. Ethereum settle it. The U.S. Treasury agreed. Smith et al. Showed it. J. Smith wrote.',
      ),
    ).toEqual([
      'Chains such as e.g. Ethereum settle it.',
      'The U.S. Treasury agreed.',
      'Smith et al. Showed it.',
      'J. Smith wrote.',
    ]);
  });

  it('still ends sentences at question and exclamation marks', () => {
    expect(split('Is it safe? No! It is not.')).toEqual(['Is it safe?', 'No!', 'It is not.']);
  });
});

describe('question understanding', () => {
  it('finds the subject of definitional questions', () => {
    expect(parseQuestion('What is a zk rollup?')).toMatchObject({
      intent: 'definition',
      subject: { full: 'zk rollup' },
    });
    expect(parseQuestion('what is hallucination in language models').subject?.head).toBe('hallucination');
    expect(parseQuestion('What does MEV stand for?').subject?.full).toBe('MEV');
  });

  it('tells explanations from definitions', () => {
    expect(parseQuestion('how do rollups work').intent).toBe('explanation');
    expect(parseQuestion('why did TerraUSD collapse').intent).toBe('explanation');
    expect(parseQuestion('what is a rollup used for').intent).toBe('explanation');
    expect(parseQuestion('trusted setup in Groth16').intent).toBe('keywords');
  });

  it.each([
    ['difference between optimistic and zk rollups', ['optimistic', 'zk rollups']],
    ['What is the difference between RLHF and DPO?', ['RLHF', 'DPO']],
    ['BM25 versus dense retrieval', ['BM25', 'dense retrieval']],
    ['proof of work vs. proof of stake', ['proof of work', 'proof of stake']],
    ['how do zk-SNARKs differ from zk-STARKs', ['zk-SNARKs', 'zk-STARKs']],
    ['how do optimistic rollups and zk rollups differ', ['optimistic rollups', 'zk rollups']],
    ['compare Groth16 and PLONK', ['Groth16', 'PLONK']],
  ])('finds both sides of "%s"', (question, sides) => {
    expect(parseQuestion(question)).toMatchObject({ intent: 'comparison', sides });
  });

  it('keeps quoted phrases and treats an all-capitals question as plain words', () => {
    expect(parseQuestion('"scaled dot-product attention"').phrases).toEqual(['scaled dot product attention']);
    expect(parseQuestion('WHAT IS A DID').content).toBe('what is a did');
  });
});
