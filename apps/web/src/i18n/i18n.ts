import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { directionOf, i18nOptions, isLanguage, LANGUAGE_STORAGE_KEY, storedLanguage, DEFAULT_LANGUAGE, type Language } from './config';

export const i18n = i18next.createInstance();

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
  return i18n.use(HttpBackend).use(initReactI18next).init(i18nOptions(language));
}

export async function switchLanguage(language: Language): Promise<void> {
  remember(language);
  await i18n.changeLanguage(language);
}
