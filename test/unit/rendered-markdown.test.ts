import { describe, expect, it } from 'vitest';
import { addHeadingAnchors, scrollableTables } from '../../src/site/rendered-markdown.ts';

describe('addHeadingAnchors', () => {
  it('makes each h2 and h3 with an id a link to itself, and leaves other headings alone', () => {
    const html = '<h2 id="why">Why <em>it</em> matters</h2><h3 id="how">How</h3><h4 id="deep">Deep</h4><h2>No id</h2>';
    expect(addHeadingAnchors(html)).toBe(
      '<h2 id="why"><a class="anchor" href="#why">Why <em>it</em> matters</a></h2>' +
        '<h3 id="how"><a class="anchor" href="#how">How</a></h3><h4 id="deep">Deep</h4><h2>No id</h2>',
    );
  });

  it('puts a separate link after a heading that holds a link already (links may not nest)', () => {
    const result = addHeadingAnchors('<h2 id="see"><a href="/x">See</a> this</h2>');
    expect(result).toMatch(
      /^<h2 id="see"><a href="\/x">See<\/a> this <a class="anchor" href="#see" aria-label="[^"]+"><\/a><\/h2>$/,
    );
  });
});

describe('scrollableTables', () => {
  it('frames each table, named by its columns', () => {
    const table = '<table><thead><tr><th>Field</th><th><code>Type</code></th></tr></thead><tbody></tbody></table>';
    expect(scrollableTables(`<p>x</p>${table}`)).toBe(
      `<p>x</p><div class="table-scroll" tabindex="0" role="group" aria-label="Table: Field, Type">${table}</div>`,
    );
  });
});
