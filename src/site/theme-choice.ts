// The theme selector in the footer: hidden until this runs (without a script the device's setting
// holds), it stores the reader's choice for every page. The inline script in Base.astro's <head>
// applies a stored choice before the page renders, so the wrong theme never flashes.

export function enableThemeChoice(doc: Document): void {
  const select = doc.getElementById('theme');
  if (!(select instanceof HTMLSelectElement)) return;
  const root = doc.documentElement;
  select.value = root.dataset['theme'] ?? 'auto';
  select.addEventListener('change', () => {
    const theme = select.value;
    try {
      if (theme === 'auto') localStorage.removeItem('theme');
      else localStorage.setItem('theme', theme);
    } catch {
      // Storage refused (a private window's policy): the choice holds for this page only.
    }
    if (theme === 'auto') delete root.dataset['theme'];
    else root.dataset['theme'] = theme;
  });
  select.closest('p')?.removeAttribute('hidden');
}
