/**
 * Rich text an admin saved, shown as HTML. The server stored it through its allow-list
 * (docs/cms.md), so only harmless elements and links arrive here; the page's CSP forbids inline
 * script besides. `lang` is the language the text is written in.
 */
export function RichContent({ html, lang, testId }: { html: string; lang: string; testId?: string }) {
  return <div className="cms-rich" lang={lang} dir="auto" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

type Lang = 'ar' | 'en';
/** The saved text of a field in the visitor's language ('' when none). */
export function inLanguage<T extends Record<string, unknown>>(record: T | undefined, field: string, language: string): string {
  const lang: Lang = language === 'en' ? 'en' : 'ar';
  const value = record?.[`${field}_${lang}`];
  return typeof value === 'string' ? value : '';
}
