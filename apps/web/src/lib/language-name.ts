/** A language's name in the reader's language (Intl.DisplayNames), or its tag where the browser has none. */
export function languageName(lang: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}
