// A comparison's last side ends where the question goes on to a circumstance of both ("… in what it
// needs to run", "… on logs from a new service"): those words are asked of the two, not a name of
// one; a first side put the same way ("latency on Linux vs latency on Windows") keeps its words.
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../src/core/ask/question.ts';

describe("a comparison's last side", () => {
  it('ends before a circumstance of both sides', () => {
    expect(parseQuestion('How does Paxos differ from multi-leader Raft in what it needs to run?').sides).toEqual([
      'Paxos',
      'multi-leader Raft',
    ]);
    expect(parseQuestion('Grep vs ripgrep on logs from a new service: which is faster?').sides).toEqual([
      'Grep',
      'ripgrep',
    ]);
    expect(parseQuestion('Paxos vs Raft for a cluster of five servers?').sides).toEqual(['Paxos', 'Raft']);
  });

  it('keeps its words when the first side is put the same way', () => {
    expect(parseQuestion('latency on Linux vs latency on Windows?').sides).toEqual([
      'latency on Linux',
      'latency on Windows',
    ]);
  });
});
