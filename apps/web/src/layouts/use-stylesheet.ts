import { use, useEffect } from 'react';
import { attachStylesheet, detachStylesheet } from './stylesheet';

/**
 * The calling layout's own style sheet: suspends until it has loaded (no flash of unstyled
 * content), and removes it when the layout unmounts.
 */
export function useStylesheet(href: string, name: string): void {
  use(attachStylesheet(href, name));
  useEffect(() => {
    attachStylesheet(href, name);
    return () => detachStylesheet(href);
  }, [href, name]);
}

/** A class on <body> for as long as the calling layout is mounted. */
export function useBodyClass(className: string): void {
  useEffect(() => {
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [className]);
}
