import i18next, { type ReadCallback } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { directionOf, i18nOptions, isLanguage, LANGUAGE_STORAGE_KEY, storedLanguage, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, NAMESPACE, type Language } from './config';

export const i18n = i18next.createInstance();

/** The fallback catalog an Arabic page does without until the visitor switches to English (FirstPaintBackend); null once read. */
let deferred: Language | null = null;
let deferredLoad: Promise<unknown> = Promise.resolve();

/**
 * i18next reads the fallback language's catalog (en, spec section 9) with the chosen one, before it says it
 * is ready. ar.json and en.json hold the same keys (translations.test.ts), so a page in Arabic never falls back
 * to an English text: its visit neither waits for en.json nor spends a phone's bandwidth on it (issue 26,
 * point 9). The fallback gets an empty catalog at start, and its real one when the visitor switches to it.
 */
class FirstPaintBackend extends HttpBackend {
  override read(language: string, namespace: string, callback: ReadCallback): void {
    if (language === deferred) {
      callback(null, {});
      return;
    }
    super.read(language, namespace, callback);
  }
}

/** Reads the catalog held back at start, once (switchLanguage waits for it). */
function loadDeferredCatalog(): Promise<unknown> {
  if (deferred) {
    const language = deferred;
    deferred = null;
    deferredLoad = i18n.reloadResources([language], [NAMESPACE]);
  }
  return deferredLoad;
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The choice is kept in the browser's storage, and in a cookie the server reads to send each page's
 * head in that language (docs/seo.md).
 */
function remember(language: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

/**
 * Sets <html lang dir> before the first paint, then loads the translations over HTTP. An address's
 * ?lang= (the one search engines and shared links carry) wins over the stored choice and becomes it.
 */
export function startI18n(): Promise<unknown> {
  const asked = new URLSearchParams(window.location.search).get('lang');
  const language = isLanguage(asked) ? asked : storedLanguage(localStorage);
  remember(language);
  applyToDocument(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyToDocument(next);
  });
  deferred = language === FALLBACK_LANGUAGE ? null : FALLBACK_LANGUAGE;
  return i18n.use(FirstPaintBackend).use(initReactI18next).init(i18nOptions(language));
}

export async function switchLanguage(language: Language): Promise<void> {
  remember(language);
  await loadDeferredCatalog();
  await i18n.changeLanguage(language);
}
