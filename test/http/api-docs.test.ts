// The API docs page's examples, checked against the real server: every curl example, sent as
// written, gets a documented answer, and every response example matches the published OpenAPI schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeOperations } from '../../src/core/api-docs.ts';
import type { OpenApiDocument } from '../../src/core/openapi.ts';
import { TEST_SITE_URL } from '../support/build-once.ts';
import { http } from '../support/http.ts';
import { expectMatchesOpenApi } from '../support/openapi-validator.ts';
import { useServerWithStandIn } from '../support/server-with-stand-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const doc = JSON.parse(readFileSync(path.join(root, 'dist/client/openapi.json'), 'utf8')) as OpenApiDocument;
const operations = describeOperations(doc).filter((op) => !op.deprecated);
const running = useServerWithStandIn();

/** The parts of one of our curl commands: `curl [-X M] 'url' [-H '…'] [-d '…']`. */
function parseCurl(command: string) {
  const quoted = [...command.matchAll(/'((?:[^']|'\\'')*)'/g)].map((match) => match[1]!.replace(/'\\''/g, "'"));
  const method = /-X (\w+)/.exec(command)?.[1] ?? 'GET';
  const body = command.includes(' -d ') ? quoted.at(-1) : undefined;
  return { method, url: quoted[0]!, body };
}

describe('API docs examples', () => {
  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: the curl example gets a documented answer',
    async (_name, op) => {
      const { method, url, body } = parseCurl(op.curl);
      expect(method).toBe(op.method);
      expect(url.startsWith(TEST_SITE_URL)).toBe(true);
      const response = await http(running.server.url + url.slice(TEST_SITE_URL.length), {
        method,
        headers: body ? { 'Content-Type': 'application/json' } : {},
        ...(body ? { body } : {}),
      });
      expect(op.responses.map((r) => r.status)).toContain(String(response.status));
      // The sample job id names no job (a documented 404). Every other example, made from the schemas'
      // examples, asks something that works: the sample paper's DOI is one of the stand-in's works, the
      // sample author (OpenAlex's own, A5023888391) the first author of another.
      if (!op.path.includes('{jobId}')) expect(response.status, response.text).toBeLessThan(300);
    },
  );

  it.each(operations.filter((op) => op.example).map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: the response example matches the OpenAPI schema',
    (_name, op) => {
      expectMatchesOpenApi(op.path, op.method, Number(op.example!.status), JSON.parse(op.example!.json));
    },
  );

  it('renders code spans and one example per endpoint on the page', async () => {
    const html = (await http(`${running.server.url}/api-docs`)).text;
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).not.toContain('`');
    const pages = (main.match(/<pre class="example"[^>]*><code>curl /g) ?? []).length;
    expect(pages).toBe(describeOperations(doc).length);
  });
});
