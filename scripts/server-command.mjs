// @ts-check
// How to launch the built server: one place for npm start, tests and benchmarks.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * V8 sizes its heaps for the machine, not for this server: under load the young generation grows
 * to tens of MB and the old generation keeps pages it no longer needs. Measured under the
 * benchmark load: default flags 245 MB RSS; a 4 MB semi-space 165-175 MB at the same throughput;
 * with a 512 MB old-space ceiling as well, 124 MB at about 5 % fewer requests per second. The
 * ceiling is twice what every bounded store in the core can hold together (about 260 MB).
 * `--expose-gc` lets the server collect once when traffic stops (src/server/idle-collector.ts): Node
 * gives V8 no idle time, so without it the heap stays at its high-water mark after a burst.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=512', '--expose-gc'];

/**
 * glibc's allocator keeps what a process frees in per-thread arenas, and raises its mmap threshold
 * after the first large free, so the compression buffers of the libuv threads stay resident after
 * use. Two arenas and a fixed 128 KiB threshold (large buffers mapped and unmapped) took the soak's
 * RSS from 166 MB to 138 MB at the same load (README, "Limits").
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

export const SERVER_ENTRY = path.join(root, 'dist/app/server.mjs');

export const serverArgs = () => [...SERVER_NODE_FLAGS, SERVER_ENTRY];
