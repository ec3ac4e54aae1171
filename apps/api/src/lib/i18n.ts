import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Server messages come from the same flat translation files as the web app,
 * so every string a user sees lives in one place per language.
 */
export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const dir = new URL('../../../web/public/assets/i18n/translations/', import.meta.url);
/** Both files, whole: the server's rendering of the public pages gives them to the web app's i18next (modules/seo/server-render.ts). */
export const catalogs: Readonly<Record<Language, Record<string, string>>> = {
  ar: JSON.parse(readFileSync(fileURLToPath(new URL('ar.json', dir)), 'utf8')),
  en: JSON.parse(readFileSync(fileURLToPath(new URL('en.json', dir)), 'utf8')),
};

const pluralRules = { ar: new Intl.PluralRules('ar'), en: new Intl.PluralRules('en') };

/**
 * The form of a count key (key_zero … key_other) that agrees with params.count, chosen the way
 * i18next chooses it in the browser: _zero for 0 when the key has one, else the language's plural
 * category (Arabic has six: 1 محاضرة واحدة, 2 محاضرتان, 3–10 محاضرات, 11–99 and 100+ محاضرة).
 */
function pluralKey(lang: Language, key: string, count: unknown): string {
  if (typeof count !== 'number' || !(`${key}_other` in catalogs[lang])) return key;
  if (count === 0 && `${key}_zero` in catalogs[lang]) return `${key}_zero`;
  const form = `${key}_${pluralRules[lang].select(count)}`;
  return form in catalogs[lang] ? form : `${key}_other`;
}

export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const found = pluralKey(lang, key, params.count);
  const text = catalogs[lang][found] ?? catalogs.en[pluralKey('en', key, params.count)] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A key of both files, or a count key whose plural forms both files have. */
export function hasTranslation(key: string): boolean {
  return (key in catalogs.en && key in catalogs.ar) || (`${key}_other` in catalogs.en && `${key}_other` in catalogs.ar);
}

/** Arabic unless the client prefers English (by Accept-Language order and q-values). */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'ar';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { lang } of ranked) if (lang === 'ar' || lang === 'en') return lang;
  return 'ar';
}
