import { describe, expect, it } from 'vitest';
import { JsonText } from '../../src/core/json-text.ts';
import { answerCacheOf } from '../../src/core/mcp/answer-cache.ts';
import { testDeps } from '../support/core-deps.ts';

describe('MCP answer cache', () => {
  it('remembers answers by default, in the app memo', () => {
    const deps = testDeps();
    const answer = new JsonText('{"content":[]}');
    answerCacheOf(deps).remember('mcp|k', answer);
    expect(answerCacheOf(deps).lookup('mcp|k')).toBe(answer);
    expect(deps.memo.get('mcp|k')).toBe(answer);
  });

  it('remembers nothing with MCP_ANSWER_CACHE=false', () => {
    const deps = testDeps({}, [], { env: { MCP_ANSWER_CACHE: 'false' } });
    answerCacheOf(deps).remember('mcp|k', new JsonText('{"content":[]}'));
    expect(answerCacheOf(deps).lookup('mcp|k')).toBeUndefined();
    expect(deps.memo.get('mcp|k')).toBeUndefined();
  });
});
