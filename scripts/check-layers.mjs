// @ts-check
// The layer check of `npm run lint`: no module reaches a module of a higher layer, directly or
// through any chain of imports (type imports included). ESLint's import zones see one import at a
// time, so a store could reach HTTP through a helper that imports it; this walks dpdm's whole
// dependency tree instead and prints each upward path found.
//
//   node scripts/check-layers.mjs [root]   (root: the project directory, the current one by default)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDependencyTree } from 'dpdm';

/**
 * The layers, lowest first. A module belongs to the first layer with a prefix of its path (relative
 * to the project, `/`-separated); every module under src/ must belong to one.
 * @type {{ name: string, prefixes: string[] }[]}
 */
export const LAYERS = [
  {
    name: 'base',
    prefixes: [
      'src/core/errors.ts',
      'src/core/config.ts',
      'src/core/bounded-cache.ts',
      'src/core/pagination.ts',
      'src/core/versioning.ts',
      'src/core/json-text.ts',
      'src/core/content-coding.ts',
      // Which Redis to use is configuration, read with the rest of it by config.ts.
      'src/core/stores/redis/redis-settings.ts',
    ],
  },
  { name: 'content', prefixes: ['src/content/', 'src/core/content/', 'src/core/ask/'] },
  { name: 'state', prefixes: ['src/core/jobs/', 'src/core/stores/'] },
  { name: 'paper contract', prefixes: ['src/core/papers/contract/'] },
  // The index's client knows nothing of the mirror; the mirror is filled from the index.
  { name: 'paper index', prefixes: ['src/core/papers/openalex/'] },
  { name: 'paper mirror', prefixes: ['src/core/papers/mirror/', 'src/core/papers/citations/', 'src/core/papers/'] },
  { name: 'services', prefixes: ['src/core/auth/', 'src/core/papers-page/', 'src/core/deps.ts'] },
  { name: 'operations', prefixes: ['src/core/operations/'] },
  {
    // What the MCP servers offer (tools, prompts, resources, completions) runs with mcp/context.ts's
    // context, not a request: the MCP endpoint below builds it from HTTP, which these never see.
    name: 'mcp capabilities',
    prefixes: [
      'src/core/mcp/context.ts',
      'src/core/mcp/definition.ts',
      'src/core/mcp/protocol.ts',
      'src/core/mcp/tool.ts',
      'src/core/mcp/prompts.ts',
      'src/core/mcp/resources.ts',
      'src/core/mcp/completions.ts',
      'src/core/mcp/instructions.ts',
      'src/core/mcp/product-tools.ts',
      'src/core/mcp/docs-tools.ts',
    ],
  },
  {
    // The MCP endpoint (transport, envelope, methods, tasks) is served over HTTP and reads the
    // request, so it sits with HTTP; what it offers is in the layer below.
    name: 'doors',
    prefixes: [
      'src/core/mcp/',
      'src/core/http/',
      'src/core/batch/',
      'src/core/openapi.ts',
      'src/core/openapi-parameters.ts',
      'src/core/api-docs.ts',
    ],
  },
  // The route table: MCP, batch and the dispatcher take routes as values and never import the table.
  { name: 'routes', prefixes: ['src/core/routes/'] },
  { name: 'app', prefixes: ['src/server/', 'src/site/', 'src/pages/', 'src/cli/', 'src/content.config.ts'] },
];

/**
 * The index of the file's layer, or -1 when it is in none.
 * @param {string} file
 * @param {{ prefixes: string[] }[]} layers
 */
export function layerOf(file, layers) {
  return layers.findIndex((layer) => layer.prefixes.some((prefix) => file.startsWith(prefix)));
}

/**
 * Every module's shortest path to a module of a higher layer than its own, if it has one.
 * @param {Record<string, string[]>} imports each module's imported modules (project files only)
 * @param {{ name: string, prefixes: string[] }[]} layers
 * @returns {{ from: string, to: string, path: string[] }[]}
 */
export function findUpwardPaths(imports, layers) {
  /** @type {{ from: string, to: string, path: string[] }[]} */
  const found = [];
  for (const start of Object.keys(imports).sort()) {
    const own = layerOf(start, layers);
    if (own < 0) continue;
    /** @type {Map<string, string | undefined>} */
    const cameFrom = new Map([[start, undefined]]);
    const queue = [start];
    for (let index = 0; index < queue.length; index += 1) {
      const module = /** @type {string} */ (queue[index]);
      if (layerOf(module, layers) > own) {
        found.push({ from: start, to: module, path: pathTo(module, cameFrom) });
        break;
      }
      for (const next of imports[module] ?? []) {
        if (cameFrom.has(next)) continue;
        cameFrom.set(next, module);
        queue.push(next);
      }
    }
  }
  return found;
}

/**
 * @param {string} end
 * @param {Map<string, string | undefined>} cameFrom
 */
function pathTo(end, cameFrom) {
  const steps = [end];
  for (let step = cameFrom.get(end); step !== undefined; step = cameFrom.get(step)) steps.unshift(step);
  return steps;
}

/**
 * The project's imports between its own files under src/, as dpdm reads them (types kept).
 * @param {string} root
 * @returns {Promise<Record<string, string[]>>}
 */
export async function projectImports(root) {
  const tree = await parseDependencyTree('src/**/*.ts', {
    cwd: root,
    context: root,
    transform: false,
    tsconfig: path.join(root, 'tsconfig.json'),
  });
  /** @type {Record<string, string[]>} */
  const imports = {};
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!file.startsWith('src/')) continue;
    imports[file] = (dependencies ?? [])
      .map((dependency) => dependency.id)
      .filter((id) => typeof id === 'string' && id.startsWith('src/'))
      .map((id) => /** @type {string} */ (id));
  }
  return imports;
}

async function main() {
  const root = path.resolve(process.argv[2] ?? '.');
  const imports = await projectImports(root);
  const unplaced = Object.keys(imports).filter((file) => layerOf(file, LAYERS) < 0);
  for (const file of unplaced) console.error(`${file} is in no layer: give it one in scripts/check-layers.mjs.`);
  const upward = findUpwardPaths(imports, LAYERS);
  for (const { from, to, path: steps } of upward) {
    const [own, higher] = [from, to].map((file) => LAYERS[layerOf(file, LAYERS)]?.name);
    console.error(`${from} (${own}) reaches ${to} (${higher}):\n  ${steps.join('\n  -> ')}`);
  }
  if (upward.length > 0) console.error(`\n${upward.length} module(s) reach a higher layer (scripts/check-layers.mjs).`);
  if (unplaced.length > 0 || upward.length > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
