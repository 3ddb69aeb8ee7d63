// The MCP answers remembered for their repetitions, behind one interface: a tool's result by its
// arguments, a whole answer by its request bytes less the id, and a search tool's result by its
// page's hash. MCP_ANSWER_CACHE=false turns all three off (every call is answered afresh), so the
// tests can show that the cache changes only speed.
import type { AppDeps } from '../deps.ts';
import type { JsonText } from '../json-text.ts';

export interface AnswerCache {
  lookup(key: string): JsonText | undefined;
  remember(key: string, answer: JsonText): void;
}

const OFF: AnswerCache = { lookup: () => undefined, remember: () => {} };
const caches = new WeakMap<AppDeps, AnswerCache>();

/** The app's answer cache: its bounded memo (shared with REST's kept answers), or none when turned off. */
export function answerCacheOf(deps: AppDeps): AnswerCache {
  let cache = caches.get(deps);
  if (!cache) {
    const { memo } = deps;
    cache = deps.config.mcpAnswerCache
      ? { lookup: (key) => memo.get(key), remember: (key, answer) => memo.set(key, answer) }
      : OFF;
    caches.set(deps, cache);
  }
  return cache;
}
