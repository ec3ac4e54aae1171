import type { DehydratedState } from '@tanstack/react-query';
import { isLanguage, type Language } from './i18n/config';

/** The id of the data script the server writes after #root when it drew a public page's first screen (apps/api/src/modules/seo/server-render.ts). */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

export interface FirstScreen {
  /** The language the server drew the page in. */
  language: Language;
  /** Its query cache, for the browser's (TanStack Query's dehydrated state). */
  data: DehydratedState;
}

/**
 * What the server drew the page from, read once: a `<script type="application/json">`, which no browser runs
 * (the site's script-src 'self' is not concerned). Null when the page came without it (any page but the four
 * public ones, or a server that fell back to the empty root).
 */
export function firstScreenData(language: string): FirstScreen | null {
  const script = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!script?.textContent || !isLanguage(language)) return null;
  script.remove();
  try {
    return { language, data: JSON.parse(script.textContent) as DehydratedState };
  } catch {
    return null;
  }
}
