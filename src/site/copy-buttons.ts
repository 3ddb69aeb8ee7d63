// A "Copy" button over each code block in the main column, loaded only by pages that have one. It
// is an extra: without it the code can still be selected and copied by hand. Pages carry it inline,
// so it is kept short.

/** Puts each code block in a frame with its button, which says "Copied" for a moment after. */
export function addCopyButtons(doc: Document): void {
  if (!navigator.clipboard) return;
  for (const pre of doc.querySelectorAll('main pre')) {
    pre.insertAdjacentHTML('beforebegin', '<div class=code-block><button type=button class=copy>Copy</button></div>');
    const frame = pre.previousElementSibling as HTMLElement;
    const button = frame.firstChild as HTMLButtonElement;
    const say = (text: string) => (button.textContent = text);
    frame.prepend(pre);
    button.onclick = () =>
      navigator.clipboard.writeText(pre.textContent ?? '').then(
        () => {
          say('Copied');
          setTimeout(say, 2000, 'Copy');
        },
        () => say('Copy failed'),
      );
  }
}
