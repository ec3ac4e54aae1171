import { track } from '../lib/tracked-promise';

interface Sheet {
  link: HTMLLinkElement;
  loaded: Promise<void>;
}

const sheets = new Map<string, Sheet>();

/** A settled promise as React's `use()` reads it at once (the server renders without suspending on a sheet). */
const SERVER_SHEET = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * Puts a style sheet in <head> (once) and tells when it has loaded. Layouts that own a sheet
 * attach it while mounted and detach it when they leave, so other areas never carry it.
 */
export function attachStylesheet(href: string, name: string): Promise<void> {
  const existing = sheets.get(href);
  if (existing) return existing.loaded;
  // Rendering on the server: the page's head links the sheet itself (apps/api/src/modules/seo/server-render.ts).
  if (typeof document === 'undefined') return SERVER_SHEET;
  // Already linked by the server's HTML of a public page: that link is adopted, not doubled.
  const served = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((link) => link.getAttribute('href') === href);
  const link = served ?? document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.stylesheet = name;
  // A sheet that fails to load must not keep the page on the loading indicator forever.
  const loaded = track(
    new Promise<void>((resolve) => {
      if (served?.sheet) resolve();
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
    }),
  );
  if (!served) document.head.append(link);
  sheets.set(href, { link, loaded });
  return loaded;
}

export function detachStylesheet(href: string): void {
  sheets.get(href)?.link.remove();
  sheets.delete(href);
}

const holders = new Map<string, number>();

/**
 * Keeps a sheet in <head> while at least one layout holds it. Moving between two layouts that share
 * a sheet (the public site and a member's area) unmounts one and mounts the other in the same commit:
 * the sheet is removed only if nobody holds it once that commit's effects have all run, so it is never
 * dropped and downloaded again in between.
 */
export function holdStylesheet(href: string, name: string): () => void {
  attachStylesheet(href, name);
  holders.set(href, (holders.get(href) ?? 0) + 1);
  return () => {
    holders.set(href, (holders.get(href) ?? 1) - 1);
    queueMicrotask(() => {
      if ((holders.get(href) ?? 0) === 0) detachStylesheet(href);
    });
  };
}
