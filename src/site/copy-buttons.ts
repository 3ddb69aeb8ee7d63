// A "Copy" button over each code block in the main column, loaded only by pages that have one. It
// is an extra: without it the code can still be selected and copied by hand.

/** Puts each code block in a frame with its button, which says "Copied" for a moment after. */
export function addCopyButtons(doc: Document): void {
  if (!navigator.clipboard) return;
  for (const pre of doc.querySelectorAll('main pre')) {
    const frame = doc.createElement('div');
    frame.className = 'code-block';
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(pre.textContent ?? '').then(
        () => {
          button.textContent = 'Copied';
          setTimeout(() => (button.textContent = 'Copy'), 2000);
        },
        () => (button.textContent = 'Copy failed'),
      );
    });
    pre.before(frame);
    frame.append(pre, button);
  }
}
