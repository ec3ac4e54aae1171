import { readFileSync } from 'node:fs';

function load(language: 'ar' | 'en'): Record<string, string> {
  const url = new URL(`../../public/assets/i18n/translations/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

/** The strings the browser should show, straight from the translation files. */
export const text = { ar: load('ar'), en: load('en') };

export function tr(language: 'ar' | 'en', key: string, values: Record<string, string | number> = {}): string {
  const template = text[language][key];
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
