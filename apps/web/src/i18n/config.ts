import type { InitOptions } from 'i18next';

export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Direction = 'rtl' | 'ltr';

/** Arabic first: the browser's own language is deliberately ignored (spec section 9). */
export const DEFAULT_LANGUAGE: Language = 'ar';
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';
export const NAMESPACE = 'translations';
export const TRANSLATIONS_LOAD_PATH = '/assets/i18n/{{ns}}/{{lng}}.json';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function storedLanguage(storage: Pick<Storage, 'getItem'>): Language {
  const value = storage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Every i18next option the app runs with; the spec's loading limits are core options, not backend ones. */
export function i18nOptions(language: Language): InitOptions {
  return {
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    // Flat keys such as "auth.login.title": dots are part of the key, not nesting.
    keySeparator: false,
    nsSeparator: false,
    // React escapes output already.
    interpolation: { escapeValue: false },
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    backend: { loadPath: TRANSLATIONS_LOAD_PATH },
    react: { useSuspense: true },
    returnNull: false,
  };
}
