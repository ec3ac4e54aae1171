import { i18n, currentLanguage } from './i18n';
import { NAMESPACE, type Language } from './config';

export { BACK_OFFICE_PREFIXES } from './back-office-prefixes';

/**
 * The signed-in areas' words, kept out of the public pages' catalog (vite-plugins/translations-for-browser.ts,
 * issue 28): the build writes them to `{lng}.back-office.json`, which a role shell reads before it draws.
 * The source catalogs stay whole; without the build (Vite's dev server) the one catalog has every key and
 * the file is not there, which is fine.
 */

const loads = new Map<Language, Promise<void>>();
const ready = new Set<Language>();

function load(language: Language): Promise<void> {
  let loading = loads.get(language);
  if (!loading) {
    loading = fetch(`/assets/i18n/${NAMESPACE}/${language}.back-office.json`)
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, string>>) : {}))
      .then((words) => {
        i18n.addResourceBundle(language, NAMESPACE, words, true, false);
        ready.add(language);
      })
      .catch(() => {
        // A network failure: the shell asks again next time it draws.
        loads.delete(language);
        ready.add(language);
      });
    loads.set(language, loading);
  }
  return loading;
}

/** Suspends a role shell until the back office's words of the current language are loaded (once a language). */
export function useBackOfficeWords(): void {
  const language = currentLanguage();
  if (!ready.has(language)) throw load(language);
}
