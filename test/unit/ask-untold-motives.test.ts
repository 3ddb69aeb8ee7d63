// A question why someone decided to do something ("Why did Tether decide not to seek MiCA
// authorisation in Europe?": ask-dev28, ask-dev30, ask-dev32) is declined where the content tells
// the act but no reason for it, and answered where a reason follows the act.
import { describe, expect, it } from 'vitest';
import { askedEnforcement, askedMotive, untoldMotive } from '../../src/core/ask/untold-motives.ts';
import { essayDocument, essayPassage, fillerTerms, loadedIndex, NO_WORD_VECTORS } from '../support/ask-documents.ts';

const both = { limit: 5, types: ['essay', 'glossary'] as Array<'essay' | 'glossary'> };

describe('askedMotive', () => {
  it('reads who decided and what they decided to do', () => {
    expect(askedMotive('Why did Tether decide not to seek MiCA authorisation in Europe?')).toMatchObject({
      written: 'Tether decide not to seek MiCA authorisation in Europe',
      actor: ['tether'],
    });
    expect(askedMotive('Why did Meta choose to release its weights?')?.act).toContain('releas');
  });

  // ask-dev92: "Why did OpenAI choose a mixture-of-experts architecture for GPT-4?", answered with
  // the glossary's definition of a mixture of experts.
  it('reads a choice with what was chosen after the verb', () => {
    expect(askedMotive('Why did Steamco choose a steel body for the K3?')).toMatchObject({
      written: 'Steamco choose a steel body for the K3',
      actor: ['steamco'],
    });
    expect(askedMotive('Why did Steamco shut down its kettle line?')?.act).toContain('kettl');
    // A new name is a choice too (a new set: "Why did Chatbot Arena rename itself to LMArena?").
    expect(askedMotive('Why did Steamco rename itself to Boilco?')).toMatchObject({
      written: 'Steamco rename itself to Boilco',
      actor: ['steamco'],
    });
    // So is what someone kept, a sum too ("Why did Circle keep $3.3 billion of USDC reserves at SVB?").
    expect(askedMotive('Why did Steamco keep $3 million of its cash at one bank?')).toMatchObject({
      written: 'Steamco keep $3 million of its cash at one bank',
      actor: ['steamco'],
    });
  });

  it('leaves a choice nobody in particular makes, or one a thing undergoes', () => {
    expect(askedMotive('Why would anyone choose a kettle over a pan?')).toBeUndefined();
    expect(askedMotive('Why did the K2 get abandoned for the K3?')).toBeUndefined();
    expect(askedMotive('Why does a judge model tend to pick the longer answer?')).toBeUndefined();
    // What keeps happening is no choice: "Why do cross-chain bridges keep getting hacked?"
    expect(askedMotive('Why do Steamco kettles keep breaking?')).toBeUndefined();
    // Nor what happened, or what was used, set against something else.
    expect(askedMotive('Why did the Steamco K2 crack instead of bending?')).toBeUndefined();
    expect(askedMotive('Why did Steamco use steel instead of copper?')).toBeUndefined();
  });

  it('reads something picked, made or invented set against another choice', () => {
    expect(askedMotive('Why did Steamco pick a 0.5 litre size rather than, say, one litre?')).toMatchObject({
      written: 'Steamco pick a 0.5 litre size',
      actor: ['steamco'],
    });
    expect(askedMotive("Why did Steamco's engineers invent Boilscript instead of using C?")).toMatchObject({
      written: "Steamco's engineers invent Boilscript",
    });
  });

  it('leaves why-questions that ask no decision', () => {
    expect(askedMotive('Why did Tether lose its peg?')).toBeUndefined();
    expect(askedMotive('How did Tether decide to seek authorisation?')).toBeUndefined();
  });
});

describe('askedEnforcement', () => {
  it("reads an authority's act asked the reason for, active or passive", () => {
    expect(askedEnforcement('Why did the US Treasury sanction Tornado Cash in the first place?')?.written).toBe(
      'the US Treasury sanction Tornado Cash in the first place',
    );
    expect(askedEnforcement("Why was Terra's founder Do Kwon arrested, and on what charges?")?.act).toContain('arrest');
    expect(askedEnforcement('Why are runs on stablecoins faster than bank runs?')).toBeUndefined();
    expect(askedEnforcement('Why was the SEC created?')).toBeUndefined();
    // A fee charged, a model fine-tuned: no authority's act.
    expect(askedEnforcement('why did ethereum charge so much gas last year')).toBeUndefined();
    expect(askedEnforcement('why did the model fine tune so badly')).toBeUndefined();
  });
});

describe('untoldMotive', () => {
  const motive = askedMotive('Why did Steamco decide not to sell kettles in Spain?')!;

  it('is true where the act is told as the cause of something else, with no reason of its own', () => {
    const passages = [essayPassage('Because Steamco did not sell kettles in Spain, shops imported them.')];
    expect(untoldMotive(motive, passages)).toBe(true);
  });

  it('is false where a reason follows the act, or the act is never told', () => {
    const reasoned = [essayPassage('Steamco did not sell kettles in Spain because the plugs differ.')];
    expect(untoldMotive(motive, reasoned)).toBe(false);
    const going = [essayPassage('Steamco never sold kettles in Spain. The reason was the plugs, which differ.')];
    expect(untoldMotive(motive, going)).toBe(false);
    expect(untoldMotive(motive, [essayPassage('Toasters are sold everywhere.')])).toBe(false);
    // An authority's act the content never tells is untold all the same.
    const sued = askedEnforcement('Why did the regulator sue Steamco?')!;
    expect(untoldMotive(sued, [essayPassage('Toasters are sold everywhere.')], true)).toBe(true);
    const grounds = [essayPassage('The regulator sued Steamco because its kettles leaked.')];
    expect(untoldMotive(sued, grounds, true)).toBe(false);
  });
});

describe('a question why someone decided what the content tells without a reason', () => {
  const index = loadedIndex(
    [
      essayDocument(
        'kettles',
        'Kettles',
        ['## Markets', 'Because Steamco did not sell kettles in Spain, Spanish shops imported them from France.'],
        ['markets'],
      ),
      ...fillerTerms(30),
    ],
    NO_WORD_VECTORS,
  );

  it('is declined, saying the content never says why', () => {
    const result = index.search('Why did Steamco decide not to sell kettles in Spain?', both);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/never give the reason for “Steamco decide not to sell kettles in Spain”/);
  });
});
