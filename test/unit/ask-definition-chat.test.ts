// Definitions as chat asks them: as a clause ("i dont get what limescale is, explain"), its subject
// before the verb, the field it is asked in after it ("what a descaler is in plumbing"), subject first
// ("limescale is like... what exactly?"), and with a word of stress after the subject ("whats
// limescale actually"), which is no part of its head.
import { describe, expect, it } from 'vitest';
import { parseQuestion, withoutTalk } from '../../src/core/ask/question.ts';

describe('a definition asked in chat', () => {
  it('reads the subject of a definition asked as a clause', () => {
    expect(parseQuestion('what limescale is, explain').subject?.head).toBe('limescale');
    expect(parseQuestion('what a descaler is').subject?.head).toBe('descaler');
    expect(parseQuestion('what a descaler is').intent).toBe('definition');
  });

  it('reads a definition asked as a clause with the field it is asked in after it', () => {
    expect(parseQuestion('what a descaler is in plumbing').intent).toBe('definition');
    expect(parseQuestion('what a descaler is in plumbing').subject?.head).toBe('descaler');
    expect(parseQuestion('what descalers are on old kettles').subject?.head).toBe('descalers');
  });

  it('reads a definition asked subject first, the question word after the verb', () => {
    expect(parseQuestion('limescale is like... what exactly? why does it form').intent).toBe('definition');
    expect(parseQuestion('limescale is like... what exactly? why does it form').subject?.head).toBe('limescale');
    expect(parseQuestion('a descaler is what').subject?.head).toBe('descaler');
  });

  it('sets aside a request to keep it simple that asks for it ("can u explain like im 5")', () => {
    expect(withoutTalk('what a descaler is can u explain like im 5')).toBe('what a descaler is');
  });

  it("leaves a word of stress out of the subject's head", () => {
    expect(parseQuestion('whats limescale actually, like how does it form').subject?.head).toBe('limescale');
    expect(parseQuestion('what is a descaler really').subject?.head).toBe('descaler');
  });
});
