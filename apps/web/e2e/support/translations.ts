import { readFileSync } from 'node:fs';

function load(language: 'ar' | 'en'): Record<string, string> {
  const url = new URL(`../../public/assets/i18n/translations/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

/** The strings the browser should show, straight from the translation files. */
export const text = { ar: load('ar'), en: load('en') };

const pluralRules = { ar: new Intl.PluralRules('ar'), en: new Intl.PluralRules('en') };

/** A count key's form for values.count, as i18next picks it: _zero for 0, else the language's category. */
function pluralKey(language: 'ar' | 'en', key: string, count: unknown): string {
  if (typeof count !== 'number' || text[language][`${key}_other`] === undefined) return key;
  if (count === 0 && text[language][`${key}_zero`] !== undefined) return `${key}_zero`;
  return `${key}_${pluralRules[language].select(count)}`;
}

export function tr(language: 'ar' | 'en', key: string, values: Record<string, string | number> = {}): string {
  const template = text[language][pluralKey(language, key, values.count)];
  if (template === undefined) throw new Error(`no translation ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A form field by its label, which starts with the translated text (a required mark may follow). */
export function labelled(language: 'ar' | 'en', key: string): RegExp {
  return new RegExp(`^${escapeRegExp(tr(language, key))}`);
}
