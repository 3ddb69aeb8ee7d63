// Shared by the Papers and Ask scripts: a result is a list item headed by a link to it. Text goes in
// through textContent, so titles from the index or the content cannot inject markup.

/** An `<li>` opening with `<h3><a href=url>title</a></h3>`, followed by the given nodes. */
export function linkedResultItem(doc: Document, url: string, title: string, ...rest: Node[]): HTMLLIElement {
  const item = doc.createElement('li');
  const heading = doc.createElement('h3');
  const link = doc.createElement('a');
  link.href = url;
  link.textContent = title;
  heading.append(link);
  item.append(heading, ...rest);
  return item;
}
