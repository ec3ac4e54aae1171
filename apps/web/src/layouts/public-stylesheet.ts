import publicStylesheetUrl from './public-site.css?url';
import { attachStylesheet } from './stylesheet';

/** Spec section 2: the public site's style sheet, never loaded by the admin area. */
export const PUBLIC_STYLESHEET = { href: publicStylesheetUrl, name: 'public' } as const;

export function preloadPublicStylesheet(): Promise<void> {
  return attachStylesheet(PUBLIC_STYLESHEET.href, PUBLIC_STYLESHEET.name);
}
