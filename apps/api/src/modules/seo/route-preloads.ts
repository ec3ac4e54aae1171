import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../../lib/i18n';

/** What the web build lists in route-preloads.json (apps/web/vite-plugins/route-preloads.ts). */
export interface RoutePreloads {
  /** `styles`: the chunks' sheets, which Vite attaches with crossorigin; `sheets`: those the app attaches itself, without (apps/web/src/layouts/stylesheet.ts). */
  /** `drawnStyles`: the sheets of parts shown only with some data (the hero's pictures), linked when the server drew them. */
  routes: { pattern: string; scripts: string[]; styles: string[]; sheets: string[]; data: string[]; drawnStyles?: { testId: string; styles: string[] }[] }[];
  fonts: Record<string, string[]>;
}

/** The build's list, or null for a build without one (the page then gets no extra links). */
export function readRoutePreloads(webDist: string): RoutePreloads | null {
  const file = path.join(webDist, 'route-preloads.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads) : null;
}

/**
 * The preload links of a public address's head (issue 26, point 9): the scripts and style sheets of its
 * screens, the data its first paint waits for and the fonts of its language, all asked for with the HTML
 * rather than each once the script before it has run. Other addresses (the areas) get none.
 */
export function preloadLinks(preloads: RoutePreloads | null, pathname: string, lang: Language, drawnHtml: string | null = null): string {
  const drawn = drawnHtml !== null;
  const route = preloads?.routes.find((r) => new RegExp(r.pattern).test(pathname));
  if (!preloads || !route) return '';
  // A first screen drawn by the server (server-render.ts) comes with its data, and is styled by its sheets from the
  // first paint: they are linked, not preloaded (the app finds them there and adds none).
  const style = drawn ? 'rel="stylesheet"' : 'rel="preload" as="style"';
  return [
    ...(drawn ? [] : route.data.map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`)),
    ...(preloads.fonts[lang] ?? []).map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`),
    ...[...route.styles, ...(route.drawnStyles ?? []).filter(({ testId }) => drawnHtml?.includes(`data-testid="${testId}"`)).flatMap(({ styles }) => styles)].map(
      (href) => `<link ${style} crossorigin href="${href}">`,
    ),
    // As the app asks for them, or the browser fetches them twice (a preload is used only by a request of the same mode).
    ...(route.sheets ?? []).map((href) => `<link ${style} href="${href}">`),
    // A drawn page is on screen without its screens' scripts: the app asks for them as it imports them, and meanwhile a
    // phone's bandwidth goes to what the first paint and the largest one wait for (the sheets, the fonts, the cover).
    ...(drawn ? [] : route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)),
  ].join('\n    ');
}
