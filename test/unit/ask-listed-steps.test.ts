// Steps asked for and told as a list: a what-question that names steps asks for them, a paragraph
// told as a run of commands answers it, and the quote goes on through a step that names no word
// asked and past a short sentence that heads the next.
import { describe, expect, it } from 'vitest';
import type { AskPassage } from '../../src/core/ask/ask-documents.ts';
import { answerKind } from '../../src/core/ask/answer-kind.ts';
import { answerSentences, answerWeight } from '../../src/core/ask/excerpts.ts';
import { parseQuestion } from '../../src/core/ask/question.ts';
import type { Plan } from '../../src/core/ask/query-plan.ts';
import { sentenceStarts } from '../../src/core/ask/sentences.ts';
import { wordConcept as concept } from '../support/ask-documents.ts';

const passageOf = (text: string): AskPassage => ({
  type: 'essay',
  slug: 'wallets',
  title: 'Wallets: Backups',
  section: 'Backups',
  kind: 'paragraph',
  url: 'http://x/essays/wallets#backups',
  markdownUrl: 'http://x/essays/wallets.md',
  text,
  sentences: sentenceStarts(text),
  explains: 0,
  names: ['Backups'],
  namesWeigh: true,
  mentions: [],
  context: '',
});

const plan = (concepts: Plan['concepts'], prefer: Plan['prefer'] = 'procedure'): Plan => ({
  concepts,
  weights: new Map(concepts.map((each) => [each.alternatives[0]![0]!, 1])),
  prefer,
});

describe('a question that names steps', () => {
  const kindOf = (text: string) => answerKind(parseQuestion(text));

  it('asks for steps, even with "should I" in it', () => {
    expect(kindOf('What steps should I follow to back up a wallet?')).toBe('procedure');
    expect(kindOf('What practical steps keep a seed phrase safe?')).toBe('procedure');
    expect(kindOf('Should I back up my wallet?')).toBe('advice');
  });
});

describe('a paragraph told as a run of commands', () => {
  // "what steps keep a wallet backup safe": the commands name the backup once, the paragraph before names it more.
  const asked = plan([concept('wallet', 3), concept('backup', 3), concept('safe', 2)]);
  const talk = passageOf(
    'A wallet backup is only as safe as the place it is kept. Many people keep a wallet backup in a drawer, and a drawer is not safe.',
  );
  const commands = passageOf(
    'Write the seed phrase on paper. Check every word twice. Store the paper in a safe. Keep a second copy elsewhere. Test the backup once a year.',
  );

  it('weighs more than a paragraph that only names the task, for a procedure', () => {
    expect(answerWeight(commands, asked, true)).toBeGreaterThan(answerWeight(talk, asked, true));
  });

  it('weighs no more for a why-question', () => {
    const why = { ...asked, prefer: 'explanation' as const };
    expect(answerWeight(commands, why, true)).toBeLessThan(answerWeight(talk, why, true));
  });
});

describe('the sentences quoted from a list of steps', () => {
  it('takes a neighbouring step that names no word asked', () => {
    // "what practical steps protect my agent": the first rule names neither.
    const text =
      'Until better designs arrive, some plain rules help. ' +
      'Treat every tool output as untrusted input. ' +
      'Give each agent the least privilege it needs. ' +
      'Avoid handing one agent both private data and the open web. ' +
      'Logging every call is cheap and helps when something goes wrong later.';
    const asked = plan([concept('agent', 3), concept('protect', 3)]);
    const answer = answerSentences(passageOf(text), asked, 90);
    expect(answer).toContain('Treat every tool output as untrusted input.');
    expect(answer).not.toContain('Logging');
    // For a why, a neighbour without a word asked stays out.
    expect(answerSentences(passageOf(text), { ...asked, prefer: 'explanation' }, 90)).not.toContain('Treat');
  });

  it('goes past a short sentence that heads the next, as far as the words allow', () => {
    // "how do I test a wallet backup": the answer stopped on "Write the words down."
    const text =
      'The remedy is the one every bank teller knows: a backup tested. ' +
      'A usable wallet backup takes an hour to make. ' +
      'Write the words down. ' +
      'Use pencil on acid-free paper, in the order the wallet shows them, numbered from one to twenty-four. ' +
      'Then restore it on a spare device.';
    const asked = plan([concept('test', 3), concept('wallet', 2), concept('backup', 2)]);
    const answer = answerSentences(passageOf(text), asked, 90);
    expect(answer).toContain('Write the words down. Use pencil on acid-free paper');
    // Without the words for it, the quote stops where it did.
    const short = answerSentences(passageOf(text), asked, 90, 30);
    expect(short).not.toContain('Use pencil');
  });
});
