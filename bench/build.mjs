#!/usr/bin/env node
// @ts-check
// `npm run bench:build`: generates 1,000 essays and 500 glossary terms (synthetic, marked as such)
// into a temporary content dir and reports build time and the peak memory of the build's processes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';
import { importTs } from './load-ts.mjs';

const ESSAYS = Number(process.env['BENCH_ESSAYS'] ?? 1000);
const TERMS = Number(process.env['BENCH_TERMS'] ?? 500);
// The categories the content schema allows, from the schema itself.
const { GLOSSARY_CATEGORIES: CATEGORIES } = await importTs('src/content/schemas.ts');
const WORDS =
  'model token proof chain block rollup vector agent index ledger gradient oracle contract layer attention stake'.split(
    ' ',
  );

const dir = mkdtempSync(path.join(tmpdir(), 'bench-content-'));
for (const sub of ['essays', 'glossary', 'curriculum']) mkdirSync(path.join(dir, sub));

/** @param {number} seed @param {number} count */
function prose(seed, count) {
  const words = [];
  for (let i = 0; i < count; i += 1) words.push(WORDS[(seed * 7 + i * 13) % WORDS.length]);
  return words.join(' ');
}

for (let t = 0; t < TERMS; t += 1) {
  const related = [`term-${(t + 1) % TERMS}`, `term-${(t + 7) % TERMS}`];
  writeFileSync(
    path.join(dir, 'glossary', `term-${t}.md`),
    `---\nterm: "Synthetic term ${t}"\ndefinition: "A synthetic glossary entry generated for the build benchmark. ${prose(t, 30)}."\ncategory: ${CATEGORIES[t % CATEGORIES.length]}\nrelated: [${related.join(', ')}]\n---\n\n${prose(t, 120)}. See [a neighbour](/glossary/${related[0]}).\n`,
  );
}
for (let e = 0; e < ESSAYS; e += 1) {
  const sections = Array.from(
    { length: 8 },
    (_, s) =>
      `## Section ${s + 1}\n\n${prose(e + s, 190)}. Read about [term ${(e + s) % TERMS}](/glossary/term-${(e + s) % TERMS}).\n`,
  );
  const date = new Date(Date.UTC(2020, 0, 1) + e * 86_400_000).toISOString().slice(0, 10);
  writeFileSync(
    path.join(dir, 'essays', `essay-${e}.md`),
    `---\ntitle: "Synthetic essay ${e}"\ndescription: "A synthetic essay generated for the build benchmark; not real content."\ndate: ${date}\nupdated: ${date}\ntags: [bench, tag-${e % 20}]\nreferences:\n  - title: "Attention Is All You Need"\n    authors: "Ashish Vaswani et al."\n    year: 2017\n    venue: "NeurIPS"\n    url: "https://arxiv.org/abs/1706.03762v7"\n---\n\n${sections.join('\n')}`,
  );
}
writeFileSync(
  path.join(dir, 'curriculum', 'bench.md'),
  `---\ntitle: "Synthetic track"\ndescription: "Generated for the build benchmark."\norder: 1\nmodules:\n  - title: "One"\n    goal: "Read."\n    essays: [essay-0]\n    terms: [term-0]\n    exercise: "None."\n---\n`,
);

/** Sum of resident memory of a process and all its descendants, in MB. @param {number} pid */
function treeRss(pid) {
  let total = 0;
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of children) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  for (const member of tree) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return total / 1024;
}

console.log(`bench:build: ${ESSAYS} essays, ${TERMS} terms in ${dir}`);
const started = performance.now();
const build = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], {
  cwd: root,
  env: { ...process.env, CONTENT_DIR: dir, SITE_URL: 'http://localhost:4321' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let peak = 0;
const timer = setInterval(() => {
  if (build.pid) peak = Math.max(peak, treeRss(build.pid));
}, 100);
const code = await new Promise((resolve) => build.on('exit', resolve));
clearInterval(timer);
const seconds = (performance.now() - started) / 1000;
rmSync(dir, { recursive: true, force: true });
console.log(
  `build ${code === 0 ? 'ok' : `FAILED (${code})`}: ${seconds.toFixed(1)} s, peak RSS of the build's processes ${Math.round(peak)} MB`,
);
console.log('note: dist/ now holds the synthetic build; `npm start -- --rebuild` restores the real one.');
if (code !== 0) process.exit(1);
