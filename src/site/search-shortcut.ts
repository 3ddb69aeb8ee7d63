// The "/" shortcut of the site header's search field, as on GitHub, MDN and most documentation sites:
// it focuses the field unless the reader is typing somewhere already, where "/" is just a character.

/** Whether a key press lands in something that takes text, where "/" must stay a character. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  // Buttons, checkboxes and radios take no text; every other input type does.
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'range', 'color', 'file'].includes(target.type);
}

export function focusSearchOnSlash(doc: Document, fieldId: string): void {
  doc.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (typingIn(event.target)) return;
    const field = doc.getElementById(fieldId);
    if (!(field instanceof HTMLInputElement)) return;
    event.preventDefault();
    field.focus();
    field.select();
  });
}
