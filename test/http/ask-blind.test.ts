// Issue 50 over HTTP against the built server: the blind set (test/fixtures/ask-blind.json, written
// from the rendered pages by someone who saw neither code nor tuning set) asked in full and scored
// as aggregates only, never per question, so nobody tunes on it; and the two sides of the decline's
// calibration on questions of our own: one that shares no word with its answer is answered, one
// from outside the content is declined though it shares a word or two with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blindQuestions, formatBlind, scoreBlind, type BlindAnswer } from '../support/ask-blind.ts';
import { http } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Floors 3 points under what the ask code of 28 November 2026 at 05:50 UTC (commit 595ea10: the
 * semantic signal, before the work of that day's session) scored on this set when it arrived, on
 * the content of that day (231 glossary terms, 19 essays), measured in process by the same scorer:
 * 65.6 % first, 87.1 % in the top 3, 31 of 37 unanswerable declined. The set guards against losing
 * ground, with room for a question or two to move when content is added. Issue 50's targets (85 %
 * first, 80 % key fact, at most 5 % declined, every unanswerable declined) are printed, met or not.
 * (The set before this one, scored many times, is now a development set: ask-dev-retired-blind.json.)
 */
const FLOOR = { top1: 0.626, top3: 0.841, trueDeclines: 30 };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ask = async (q: string) => (await http(`${server.url}/ask?q=${encodeURIComponent(q)}&limit=5`)).json();

describe('the blind ask evaluation', () => {
  const questions = blindQuestions();

  it.runIf(questions)('scores no worse than before the semantic signal, in aggregate', async () => {
    const answers: BlindAnswer[] = [];
    for (const question of questions!) answers.push(await ask(question.q));
    const score = scoreBlind(questions!, answers);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `blind ask evaluation (${questions!.length} questions; aggregates only)\n${formatBlind(score)}\n` +
        `issue 50 targets: first >= 85 % ${met(score.top1 >= 0.85)}, key fact >= 80 % ${met(score.fact >= 0.8)}, ` +
        `declined <= 5 % ${met(score.falseDeclines <= 0.05)}, every unanswerable declined ${met(score.trueDeclines === score.unanswerable)}`,
    );
    expect(score.top1).toBeGreaterThanOrEqual(FLOOR.top1);
    expect(score.top3).toBeGreaterThanOrEqual(FLOOR.top3);
    expect(score.trueDeclines).toBeGreaterThanOrEqual(FLOOR.trueDeclines);
  });
});

describe('decline calibration', () => {
  it('answers a question in the reader’s words that names none of its answer’s terms', async () => {
    // No word of "hallucination", "confabulation" or "fabrication": the term's "asked" phrasings
    // and the meaning of its definition find it.
    const body = await ask('why do chatbots make stuff up');
    expect(body.answer).not.toBeNull();
    expect(body.sources.slice(0, 3).map((source: { slug: string }) => source.slug)).toContain('hallucination');
  });

  it('declines a question from outside the content, though a word of it is one the content uses', async () => {
    for (const q of ['how do I fix a leaking kitchen tap', 'what are the symptoms of the flu']) {
      const body = await ask(q);
      expect(body.answer, q).toBeNull();
      expect(body.no_answer_reason, q).toMatch(/^(?:No|Nothing)/);
    }
  });
});
