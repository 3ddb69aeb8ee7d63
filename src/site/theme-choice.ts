// The theme selector at the end of the footer. The script draws it, as only the script makes it work
// (without one the device's setting holds and there is nothing to choose); it stores the reader's
// choice for every page. THEME_SCRIPT, inline in Base.astro's <head>, applies a stored choice before
// the page renders, so the wrong theme never flashes. "auto" is stored and set like the others: the
// styles match only data-theme="light" and "dark", so it leaves the device's setting in force.

/** Sets data-theme on <html> from a stored choice; kept short, as every page carries it inline. */
export const THEME_SCRIPT = 'try{document.documentElement.dataset.theme=localStorage.theme||"auto"}catch(e){}';

export function enableThemeChoice(doc: Document): void {
  const footer = doc.querySelector('footer');
  if (!footer) return;
  footer.insertAdjacentHTML(
    'beforeend',
    '<p class=theme-choice><label for=theme>Theme</label> <select id=theme><option value=auto>Auto<option value=light>Light<option value=dark>Dark</select>',
  );
  const select = footer.querySelector('select') as HTMLSelectElement;
  const root = doc.documentElement;
  select.value = root.dataset['theme'] ?? 'auto';
  select.addEventListener('change', () => {
    root.dataset['theme'] = select.value;
    try {
      localStorage.setItem('theme', select.value);
    } catch {
      // Storage refused (a private window's policy): the choice holds for this page only.
    }
  });
}
