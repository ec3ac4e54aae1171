/**
 * When the translations cannot be loaded (the server or the connection down), the app would show its
 * keys (`about.title`) on a page that overflows sideways. Instead, #root says so in both languages,
 * from texts compiled into the script (vite.config.ts), with a button that loads the page again.
 */
export function showBootFailure(root: HTMLElement): void {
  const box = document.createElement('main');
  box.className = 'boot-failure';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'boot-failure';
  for (const language of ['ar', 'en'] as const) {
    const texts = __BOOT_FAILURE_TEXTS__[language];
    if (!texts) continue;
    const part = document.createElement('section');
    part.lang = language;
    part.dir = language === 'ar' ? 'rtl' : 'ltr';
    const title = document.createElement('h1');
    title.textContent = texts.title;
    const text = document.createElement('p');
    text.textContent = texts.text;
    part.append(title, text);
    box.append(part);
  }
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = ['ar', 'en'].map((language) => __BOOT_FAILURE_TEXTS__[language]?.retry).filter(Boolean).join(' · ');
  retry.addEventListener('click', () => window.location.reload());
  box.append(retry);
  root.replaceChildren(box);
  retry.focus();
}
