import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasTranslation, pickLanguage, translate } from './i18n';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

describe('server messages', () => {
  it('every api.* key the server uses exists in ar.json and en.json (camelCase segments too: api.passwordReset.*)', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const keys = new Set(sourceFiles(src).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'(api\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)+)'/g)].map((m) => m[1]!)));
    expect(keys.size).toBeGreaterThan(20);
    expect([...keys].filter((k) => !hasTranslation(k))).toEqual([]);
  });

  it('picks Arabic by default and English when preferred', () => {
    expect(pickLanguage(undefined)).toBe('ar');
    expect(pickLanguage('fr-FR,fr;q=0.9')).toBe('ar');
    expect(pickLanguage('en-US,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(pickLanguage('ar;q=0.2, en;q=0.7')).toBe('en');
    expect(pickLanguage('en;q=0, ar')).toBe('ar');
  });

  it('interpolates values', () => {
    expect(translate('en', 'api.validation.too_short', { count: 8 })).toBe('Must be at least 8 characters.');
  });

  it('picks the plural form that agrees with the count, as the browser does (Arabic has six)', () => {
    const minutes = (lang: 'ar' | 'en', count: number) => translate(lang, 'api.passwordReset.mail.expiry', { count });
    expect([1, 2, 3, 11, 100].map((n) => minutes('ar', n))).toEqual([
      'يعمل الرابط مرة واحدة فقط، خلال دقيقة واحدة.',
      'يعمل الرابط مرة واحدة فقط، خلال دقيقتين.',
      'يعمل الرابط مرة واحدة فقط، خلال 3 دقائق.',
      'يعمل الرابط مرة واحدة فقط، خلال 11 دقيقة.',
      'يعمل الرابط مرة واحدة فقط، خلال 100 دقيقة.',
    ]);
    expect([1, 60].map((n) => minutes('en', n))).toEqual(['The link works once, within 1 minute.', 'The link works once, within 60 minutes.']);
    expect(hasTranslation('api.passwordReset.mail.expiry')).toBe(true);
  });
});
