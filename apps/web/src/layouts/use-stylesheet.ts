import { use, useEffect } from 'react';
import { attachStylesheet, holdStylesheet } from './stylesheet';

/**
 * A style sheet the calling layout needs: suspends until it has loaded (no flash of unstyled
 * content), and removes it when no mounted layout needs it any more.
 */
export function useStylesheet(href: string, name: string): void {
  use(attachStylesheet(href, name));
  useEffect(() => holdStylesheet(href, name), [href, name]);
}

/** A class on <body> for as long as the calling layout is mounted. */
export function useBodyClass(className: string): void {
  useEffect(() => {
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [className]);
}
