import { DEFAULT_LANGUAGE } from './config';

/**
 * The loading indicator speaks before the translations have arrived, so its one label is
 * compiled in from the same translation files rather than fetched.
 */
export function bootLoadingLabel(language: string): string {
  return __BOOT_LOADING_LABELS__[language] ?? __BOOT_LOADING_LABELS__[DEFAULT_LANGUAGE] ?? '';
}
