// A question about the asker's own tax or legal standing ("how much tax do I owe", "is it legal for
// me to …") asks for tax or legal advice, which the site does not give, as it gives no financial
// advice: a domain word of the question ("staking", "validator") reached a passage and was answered.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDocumentType } from '../../src/core/ask/ask-documents.ts';
import type { AskIndex } from '../../src/core/ask/ask-index.ts';
import { noAnswerReason } from '../../src/core/ask/answer-shape.ts';
import { asksOwnStanding } from '../../src/core/ask/own-standing.ts';
import { readWordVectors } from '../../src/core/ask/semantic.ts';
import { descalerTerm, fillerTerms, loadedIndex } from '../support/ask-documents.ts';

describe('a question about the asker’s own tax or legal standing', () => {
  it('is told by tax, or by whether something is legal, asked of the asker', () => {
    expect(asksOwnStanding('How do I report my descaler rewards on my taxes?')).toBe(true);
    expect(asksOwnStanding('I live in Spain. How much tax do I owe on the gain?')).toBe(true);
    expect(asksOwnStanding('I live in Spain and want to sell descaler. Is it legal for me to sell it there?')).toBe(
      true,
    );
    expect(asksOwnStanding('I want to buy descaler in Spain. Which shops are legal to use there?')).toBe(true);
    expect(asksOwnStanding('I run a descaler shop. Can I deduct my kettle costs?')).toBe(true);
    expect(asksOwnStanding('I sold descaler in Spain last year. Do I have to pay tax on the profit?')).toBe(true);
    expect(asksOwnStanding('what is the tax you owe in Spain when you sell descaler at a profit')).toBe(true);
    expect(asksOwnStanding('My bank froze a payment to a descaler shop. Are they allowed to do that?')).toBe(true);
    expect(asksOwnStanding('My landlord will take rent in descaler. Is that legal there?')).toBe(true);
    // An employer's tax, a loss set against income, a body's books (ask-dev47, ask-dev48).
    expect(asksOwnStanding('Staff want part of their pay in descaler. How do I handle payroll for that?')).toBe(true);
    expect(asksOwnStanding('I sold descaler at a loss. Can I offset that loss against my salary?')).toBe(true);
    expect(asksOwnStanding('How should a council account for its descaler holdings?')).toBe(true);
    expect(asksOwnStanding('I sold some descaler last year. I live in Spain. How will it be taxed?')).toBe(true);
  });

  it("is told by a country's tax rules, asked of anyone who lives there", () => {
    expect(asksOwnStanding('How is descaler taxed in the US?')).toBe(true);
    // ask-dev94, ask-dev101, ask-dev102 (2 December): the country before "taxes" or after "a", and a
    // tax treatment asked with any auxiliary ("how should that have been taxed").
    expect(asksOwnStanding('I lost my descaler deposit. How is that loss treated for US taxes?')).toBe(true);
    expect(asksOwnStanding('How would descaler rewards be taxed for a UK pension scheme?')).toBe(true);
    expect(asksOwnStanding('A client sold descaler in 2021. How should that have been taxed?')).toBe(true);
    expect(asksOwnStanding('what is the tax on descaler gains in the UK')).toBe(true);
    expect(asksOwnStanding('Which form does the IRS want for descaler income?')).toBe(true);
    // A licence to operate (ask-dev85, ask-dev87); not a licence as a document.
    expect(asksOwnStanding('does the shop need some kinda license to sell descaler??')).toBe(true);
    expect(asksOwnStanding('What is a shop licence under the descaler act?')).toBe(true);
    expect(asksOwnStanding('How do I get a money transmitter licence for a descaler app?')).toBe(true);
    expect(asksOwnStanding('How should I split my descaler licence docs before indexing them?')).toBe(false);
    // A tax authority, however written (ask-dev82).
    expect(asksOwnStanding('does the shop send my descaler sales to the irs or nah')).toBe(true);
    expect(asksOwnStanding('Can the tax office see what descaler I buy?')).toBe(true);
  });

  it('is told by tax treatment asked in the words of tax law, with no country', () => {
    expect(asksOwnStanding('Our club holds descaler. How do a foundation and a company compare for taxes?')).toBe(true);
    expect(asksOwnStanding('Is descaler income taxable when it arrives?')).toBe(true);
    // ask-dev106 (2 December): a tax category, in other words.
    expect(asksOwnStanding('Which tax category do descaler rewards fall in, interest or self-employment income?')).toBe(
      true,
    );
    expect(asksOwnStanding('What is the tax treatment of descaler rewards?')).toBe(true);
    expect(asksOwnStanding('How should descaler gains be reported for tax purposes?')).toBe(true);
    expect(asksOwnStanding('Do I owe capital gains on descaler I sold?')).toBe(true);
    expect(asksOwnStanding('I sold descaler at a loss. Can I offset the loss against other gains?')).toBe(true);
    expect(asksOwnStanding('How do I put descaler sales on my self-assessment return?')).toBe(true);
    // ask-dev71, in other words: a return asked of anyone.
    expect(asksOwnStanding('Which form of a Canadian tax return lists descaler sales?')).toBe(true);
    expect(asksOwnStanding('My dad sent $8,000 to a fake bank. Who should we contact?')).toBe(true);
    // ask-dev22 (30 November): what the asker owes a government, and the paperwork an authority asks for.
    expect(asksOwnStanding('Do I owe the government anything when I swap descaler for limescale?')).toBe(true);
    expect(asksOwnStanding('Our club wants to register as a company. What forms do we need to file?')).toBe(true);
    expect(asksOwnStanding('We want to sell descaler in Spain. What licence do we need?')).toBe(true);
    // ask-dev23: an estate.
    expect(asksOwnStanding('My aunt passed away and held descaler at a shop. How do we claim it?')).toBe(true);
    // ask-dev25: an estate in other words, the law's steps, and the police after a loss.
    expect(asksOwnStanding('My late uncle left a kettle token. What do we do to claim it as an inheritance?')).toBe(
      true,
    );
    expect(asksOwnStanding('A shop offers to crack my kettle token. What are the legal steps to claim it?')).toBe(true);
    expect(asksOwnStanding('The kettle makers vanished with my deposit. Can I report it to the police?')).toBe(true);
    expect(asksOwnStanding('bro i got rugged on a kettle farm, can the cops get my money back??')).toBe(true);
    expect(asksOwnStanding('my grandmother died and left me a kettle wallet, how do i get the coins legally?')).toBe(
      true,
    );
    // ask-dev28: tax without the word.
    expect(asksOwnStanding('Do I have to pay the government anything when I sell my descaler at a gain?')).toBe(true);
    // ask-dev29, ask-dev30: the asker's own estate, and registering a legal entity.
    expect(asksOwnStanding('How do I make sure my family can get into my kettle wallet after I pass away?')).toBe(true);
    expect(asksOwnStanding('What are the steps to register a kettle LLC in Wyoming?')).toBe(true);
    // ask-dev31, ask-dev32: the asker's books and liability, compensation, the agency to report to.
    expect(asksOwnStanding('My accountant has no idea how to record kettle payments. How should I book them?')).toBe(
      true,
    );
    expect(asksOwnStanding('The bot told a customer the wrong price. Am I legally responsible?')).toBe(true);
    expect(asksOwnStanding('How do I claim compensation if a kettle app gets hacked?')).toBe(true);
    expect(asksOwnStanding('Which US agency should I report the kettle scam to?')).toBe(true);
    expect(asksOwnStanding('How do I file a claim to get my money back after the kettle bridge hack?')).toBe(true);
    // ask-dev93, ask-dev98, ask-dev104 (2 December): the asker's legal obligations or deadline, and a
    // country's legal requirements asked of anyone there.
    expect(asksOwnStanding('A kettle buyer lives in a sanctioned country. What are our legal obligations?')).toBe(true);
    expect(asksOwnStanding("A customer asked us to delete their kettle data. What's our legal deadline?")).toBe(true);
    // ask-dev59, ask-dev106: the law where the asker is.
    expect(asksOwnStanding('Does a court order legally override the kettle registry in our state?')).toBe(true);
    expect(asksOwnStanding('Our state requires consent for kettle recordings. What should the form say?')).toBe(true);
    expect(asksOwnStanding('We sell kettles to players in South Korea. What are the legal requirements there?')).toBe(
      true,
    );
  });

  it('leaves a law named, what it requires of others, and "legal" as a kind of thing', () => {
    expect(asksOwnStanding('so under the new descaler law can makers pay me interest')).toBe(false);
    expect(asksOwnStanding('are descaler makers allowed to pay interest in the us now')).toBe(false);
    expect(asksOwnStanding('we fine-tuned our model on legal contracts and now it is worse, why')).toBe(false);
    expect(asksOwnStanding('why is the sales tax on descaler so high')).toBe(false);
    expect(asksOwnStanding('How did Congress end private descaler notes, and what did it tax?')).toBe(false);
    expect(asksOwnStanding('What legal requirements does the descaler act set for kettle makers?')).toBe(false);
    expect(asksOwnStanding('Can our state run its kettle registry on a blockchain?')).toBe(false);
    // A figure of speech that returns to someone (review of 1 December, second session).
    expect(asksOwnStanding('Who does the hidden descaler tax return to in the end?')).toBe(false);
    expect(asksOwnStanding('My vault holds 10 descaler. How much do I owe after the fee?')).toBe(false);
    expect(asksOwnStanding('Can the government pay me in descaler?')).toBe(false);
    expect(asksOwnStanding('What happens to a kettle pool if its owner dies?')).toBe(false);
    expect(asksOwnStanding('How do I register a kettle with the shop?')).toBe(false);
    expect(asksOwnStanding('Who is responsible for a bug in a kettle contract?')).toBe(false);
    expect(asksOwnStanding('How do lending accounts record a kettle loan?')).toBe(false);
    expect(asksOwnStanding('What forms of descaler does a kettle accept?')).toBe(false);
    // Look-alikes (review of 30 November): what a protocol asks of anyone, a licence that comes with a
    // thing, inheritance in code.
    expect(asksOwnStanding('What do I have to submit to the club to make a proposal?')).toBe(false);
    expect(asksOwnStanding('What do we have to publish to the kettle registry if we run a kettle?')).toBe(false);
    expect(asksOwnStanding('What licence do I get when I buy a kettle token?')).toBe(false);
    expect(asksOwnStanding("I'm writing a kettle contract, how does inheritance work?")).toBe(false);
    expect(asksOwnStanding('Can a kettle contract inherit its owner from another contract?')).toBe(false);
    expect(asksOwnStanding('Can I get my money back if the kettle pool is drained?')).toBe(false);
    // Review of 30 November: a late relative, legal words and the police, asked about how things work.
    expect(asksOwnStanding('My late father left a kettle wallet. How does a seed phrase restore it?')).toBe(false);
    expect(asksOwnStanding('Does owning a kettle token give me legal rights to the kettle?')).toBe(false);
    expect(asksOwnStanding('my kettle node died after a power cut, how do I get it back online?')).toBe(false);
    expect(asksOwnStanding("Why can't anyone, not even the police, reverse my payment to get my money back?")).toBe(
      false,
    );
    expect(asksOwnStanding('What forms do we see descaler take?')).toBe(false);
  });

  it("leaves tax and deductions asked of the asker's things, not of the asker's tax", () => {
    // "us" is also the country, and a fee is deducted from a balance; tax can be a figure of speech.
    expect(asksOwnStanding('Is the kettle levy a hidden tax on descaler users?')).toBe(false);
    expect(asksOwnStanding('Is the kettle levy basically a tax for us ordinary users?')).toBe(false);
    expect(asksOwnStanding('Is the kettle levy basically a hidden tax you pay on every descaler?')).toBe(false);
    expect(asksOwnStanding('Why do descaler compilers lower programs through several IRs?')).toBe(false);
    expect(asksOwnStanding('My kettle network ignored my order for two hours. Are they allowed to do that?')).toBe(
      false,
    );
    expect(asksOwnStanding('Is the kettle levy basically a tax on us users?')).toBe(false);
    // Tax as a figure of speech or as history, and what a protocol allows (review of 30 November).
    expect(asksOwnStanding('Is the kettle levy a form of taxation on descaler users?')).toBe(false);
    expect(asksOwnStanding('How did the council use taxation to end private kettles?')).toBe(false);
    expect(asksOwnStanding('My kettle node signed two blocks for one slot. Is that legal in proof of stake?')).toBe(
      false,
    );
    expect(asksOwnStanding('My contract calls itself before updating balances. Is this legal in Solidity?')).toBe(
      false,
    );
    expect(asksOwnStanding('When I buy descaler, is the fee deducted from my balance?')).toBe(false);
    expect(asksOwnStanding('If my kettle breaks, how much is deducted from my deposit?')).toBe(false);
    expect(asksOwnStanding('I read that hard water is a hidden tax on kettles. Why does it cost me?')).toBe(false);
  });
});

describe('the reason given for a tax position', () => {
  it('comes before live data: "can I offset it against my salary with HMRC" asks about tax', () => {
    const why = { found: true, missing: [], unknown: [], declined: 'live' as const, ownStanding: true };
    expect(noAnswerReason(why)).toMatch(/tax or legal position/);
  });
});

describe.runIf(readWordVectors())('asked of a content that names tax only in passing', () => {
  let index: AskIndex;
  const options = { limit: 3, types: ['glossary'] satisfies AskDocumentType[] };
  // Building an index reads SCOWL's word lists: seconds on a shared CPU.
  beforeAll(() => {
    index = loadedIndex([
      descalerTerm(
        'Selling descaler earns a shop a margin on each bottle, and the price of a bottle includes sales tax.',
      ),
      ...fillerTerms(40),
    ]);
  }, 60_000);

  it('is declined with its own reason, where a question of the same words not asked of the asker is answered', () => {
    expect(index.search('does the price of a bottle of descaler include tax', options).answer).not.toBeNull();
    const result = index.search('How much tax do I owe on selling descaler?', options);
    expect(result.answer).toBeNull();
    expect(result.no_answer_reason).toMatch(/tax or legal position/);
  });
});
