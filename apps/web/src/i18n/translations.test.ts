import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

function catalog(language: string): Record<string, unknown> {
  const url = new URL(`../../public/assets/i18n/translations/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

const ar = catalog('ar');
const en = catalog('en');

describe('translation files', () => {
  it('have exactly the same keys in Arabic and English', () => {
    const arKeys = Object.keys(ar).sort();
    const enKeys = Object.keys(en).sort();
    expect(arKeys.filter((key) => !(key in en)), 'only in ar.json').toEqual([]);
    expect(enKeys.filter((key) => !(key in ar)), 'only in en.json').toEqual([]);
    expect(arKeys.length).toBeGreaterThan(0);
  });

  it('are flat: every value is a non-empty string', () => {
    for (const [language, strings] of Object.entries({ ar, en })) {
      for (const [key, value] of Object.entries(strings)) {
        expect(typeof value === 'string' && value.trim().length > 0, `${language}: ${key}`).toBe(true);
      }
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const variables = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    // A plural form may write its count as a word ("محاضرتان", "1 lecture"), so the variable that
    // shows the count ({{count}}, or the number already formatted: {{formatted}}, {{max}}) is
    // compared only in the _other form, which always shows the number.
    const plural = /_(zero|one|two|few|many)$/;
    const showsCount = new Set(['count', 'formatted', 'max']);
    for (const key of Object.keys(en)) {
      const compared = (text: unknown) => (plural.test(key) ? variables(text).filter((name) => !showsCount.has(name ?? '')) : variables(text));
      expect(compared(ar[key]), key).toEqual(compared(en[key]));
    }
  });

  it('keep the server\'s api.* messages', () => {
    for (const key of ['api.auth.signup_success', 'api.auth.login_success', 'api.auth.invalid_credentials', 'api.validation.failed']) {
      expect(en, key).toHaveProperty([key]);
      expect(ar, key).toHaveProperty([key]);
    }
  });
});
