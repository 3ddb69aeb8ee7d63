// Definitions as chat asks them: as a clause ("i dont get what limescale is, explain"), its subject
// before the verb, and with a word of stress after the subject ("whats limescale actually"), which
// is no part of its head.
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../src/core/ask/question.ts';

describe('a definition asked in chat', () => {
  it('reads the subject of a definition asked as a clause', () => {
    expect(parseQuestion('what limescale is, explain').subject?.head).toBe('limescale');
    expect(parseQuestion('what a descaler is').subject?.head).toBe('descaler');
    expect(parseQuestion('what a descaler is').intent).toBe('definition');
  });

  it("leaves a word of stress out of the subject's head", () => {
    expect(parseQuestion('whats limescale actually, like how does it form').subject?.head).toBe('limescale');
    expect(parseQuestion('what is a descaler really').subject?.head).toBe('descaler');
  });
});
