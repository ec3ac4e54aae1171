import { describe, expect, it } from 'vitest';
import { directionOf, i18nOptions, LANGUAGE_STORAGE_KEY, storedLanguage } from './config';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

describe('i18n options', () => {
  it('carry the spec\'s section 9 settings', () => {
    const options = i18nOptions('ar');
    expect(options).toMatchObject({
      lng: 'ar',
      fallbackLng: 'en',
      ns: ['translations'],
      defaultNS: 'translations',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: '/assets/i18n/{{ns}}/{{lng}}.json' },
    });
  });

  it('start in the stored language, otherwise Arabic whatever the browser prefers', () => {
    expect(storedLanguage(storage(null))).toBe('ar');
    expect(storedLanguage(storage('en'))).toBe('en');
    expect(storedLanguage(storage('fr'))).toBe('ar');
    expect(i18nOptions(storedLanguage(storage('en'))).lng).toBe('en');
  });

  it('write Arabic right to left and English left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
