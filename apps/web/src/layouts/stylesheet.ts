import { track } from '../lib/tracked-promise';

interface Sheet {
  link: HTMLLinkElement;
  loaded: Promise<void>;
}

const sheets = new Map<string, Sheet>();

/**
 * Puts a style sheet in <head> (once) and tells when it has loaded. Layouts that own a sheet
 * attach it while mounted and detach it when they leave, so other areas never carry it.
 */
export function attachStylesheet(href: string, name: string): Promise<void> {
  const existing = sheets.get(href);
  if (existing) return existing.loaded;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.stylesheet = name;
  // A sheet that fails to load must not keep the page on the loading indicator forever.
  const loaded = track(
    new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
    }),
  );
  document.head.append(link);
  sheets.set(href, { link, loaded });
  return loaded;
}

export function detachStylesheet(href: string): void {
  sheets.get(href)?.link.remove();
  sheets.delete(href);
}
