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

/** Sets <html lang dir> before the first paint, then loads the translations over HTTP. */
export function startI18n(): Promise<unknown> {
  const language = storedLanguage(localStorage);
  applyToDocument(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyToDocument(next);
  });
  return i18n.use(HttpBackend).use(initReactI18next).init(i18nOptions(language));
}

export async function switchLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}
