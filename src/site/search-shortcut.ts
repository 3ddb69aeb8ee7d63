// The "/" shortcut of the site header's search field, as on GitHub, MDN and most documentation sites:
// it focuses the field unless the reader is typing somewhere already, where "/" is just a character.
// Every page carries it inline, so it is kept short.

/** Input types that take no text: "/" pressed on one of them still goes to the search field. */
const NOT_TEXT = /^(button|checkbox|radio|submit|reset|image|range|color|file)$/;

/** Whether a key press lands in something that takes text, where "/" must stay a character. */
function typingIn(target: HTMLElement): boolean {
  const tag = target.tagName;
  return (
    target.isContentEditable ||
    /^(TEXTAREA|SELECT)$/.test(tag) ||
    (tag === 'INPUT' && !NOT_TEXT.test((target as HTMLInputElement).type))
  );
}

export function focusSearchOnSlash(doc: Document, fieldId: string): void {
  doc.addEventListener('keydown', (event) => {
    const field = doc.getElementById(fieldId) as HTMLInputElement | null;
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (!field || typingIn(event.target as HTMLElement)) return;
    event.preventDefault();
    field.focus();
    field.select();
  });
}
