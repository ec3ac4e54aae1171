import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../../lib/i18n';

/** What the web build lists in route-preloads.json (apps/web/vite-plugins/route-preloads.ts). */
export interface RoutePreloads {
  /** The sheets index.html links; a drawn page's one file holds them first (absent in builds before it). */
  entryStyles?: string[];
  /** The drawn pages' loader of the app's script (absent in builds before it). */
  appAfterLoad?: string;
  /**
   * `styles`: the chunks' sheets, which Vite attaches with crossorigin; `sheets`: those the app attaches itself, without
   * (apps/web/src/layouts/stylesheet.ts). `drawnStyles`: the sheets of parts shown only with some data (the hero's
   * pictures), linked when the server drew them. `drawnSheet` and a part's `sheet`: those `styles` in one file, for a
   * drawn page (absent when there are fewer than two).
   */
  routes: {
    pattern: string;
    scripts: string[];
    styles: string[];
    drawnSheet?: string;
    sheets: string[];
    data: string[];
    drawnStyles?: { testId: string; styles: string[]; sheet?: string }[];
  }[];
  fonts: Record<string, string[]>;
}

/** The build's list, or null for a build without one (the page then gets no extra links). */
export function readRoutePreloads(webDist: string): RoutePreloads | null {
  const file = path.join(webDist, 'route-preloads.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads) : null;
}

const patterns = new Map<string, RegExp>();

/** The build's entry for an address, its pattern compiled once per process (both functions below run on every page). */
function routeFor(preloads: RoutePreloads | null, pathname: string) {
  return preloads?.routes.find((r) => {
    let pattern = patterns.get(r.pattern);
    if (!pattern) patterns.set(r.pattern, (pattern = new RegExp(r.pattern)));
    return pattern.test(pathname);
  });
}

/**
 * The preload links of a public address's head (issue 26, point 9): the scripts and style sheets of its
 * screens, the data its first paint waits for and the fonts of its language, all asked for with the HTML
 * rather than each once the script before it has run. Other addresses (the areas) get none.
 */
export function preloadLinks(preloads: RoutePreloads | null, pathname: string, lang: Language, drawnHtml: string | null = null): string {
  const drawn = drawnHtml !== null;
  const route = routeFor(preloads, pathname);
  if (!preloads || !route) return '';
  // A first screen drawn by the server (server-render.ts) comes with its data, and is styled by its sheets from the
  // first paint: they are linked, not preloaded (the app finds them there and adds none).
  const style = drawn ? 'rel="stylesheet"' : 'rel="preload" as="style"';
  return [
    ...(drawn ? [] : route.data.map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`)),
    ...(preloads.fonts[lang] ?? []).map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`),
    ...(drawn
      ? [
          { styles: route.styles, sheet: route.drawnSheet },
          ...(route.drawnStyles ?? []).filter(({ testId }) => drawnHtml.includes(`data-testid="${testId}"`)),
        ].flatMap(({ styles, sheet }) => (sheet ? combinedSheet(sheet, styles) : styles.map((href) => `<link ${style} crossorigin href="${href}">`)))
      : route.styles.map((href) => `<link ${style} crossorigin href="${href}">`)),
    // As the app asks for them, or the browser fetches them twice (a preload is used only by a request of the same mode).
    ...(route.sheets ?? []).map((href) => `<link ${style} href="${href}">`),
    // A drawn page is on screen without its screens' scripts: the app asks for them as it imports them, and meanwhile a
    // phone's bandwidth goes to what the first paint and the largest one wait for (the sheets, the fonts, the cover).
    ...(drawn ? [] : route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)),
  ].join('\n    ');
}

/**
 * A drawn page's sheets in the one file the build made of them (docs/decisions/018): one request before the first paint
 * instead of one per sheet. Each sheet it holds is named too, `disabled`, which the browser does not fetch: the app's
 * loader (Vite's preload helper) takes a sheet linked in the head as loaded, so it attaches none of them again when
 * the screens' code arrives, and the rules already in force stay in the order they came.
 */
function combinedSheet(sheet: string, styles: string[]): string[] {
  return [`<link rel="stylesheet" href="${sheet}">`, ...styles.map((href) => `<link rel="stylesheet" href="${href}" disabled>`)];
}

/**
 * index.html's own links, for a drawn page (docs/decisions/018):
 * - its sheets are disabled (not fetched) when the page's one file holds them (`drawnSheet`: see combinedSheet);
 * - the app's module script, the modules it imports and the translations' preload are handed to the build's loader
 *   (`appAfterLoad`, apps/web/vite-plugins/route-preloads.ts), which adds them once the page has loaded. The page is
 *   on screen without them, so a phone's bandwidth goes first to the sheets, the fonts and the largest picture; the
 *   app takes the page over once they come, as before.
 */
export function drawnTemplate(html: string, preloads: RoutePreloads | null, pathname: string): string {
  const route = routeFor(preloads, pathname);
  let out = html;
  if (route?.drawnSheet && preloads?.entryStyles) {
    // Named again, disabled, as the page's other sheets are: lazy screens list them too, and the app's loader then finds them there.
    for (const href of preloads.entryStyles) out = out.split(`<link rel="stylesheet" crossorigin href="${href}">`).join(`<link rel="stylesheet" href="${href}" disabled>`);
  }
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(out);
  if (preloads?.appAfterLoad && entry) {
    const modules: string[] = [];
    const fetches: string[] = [];
    out = out
      .replace(entry[0], '')
      .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => (modules.push(href), ''))
      .replace(/\s*<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g, (_, href: string) => (fetches.push(href), ''));
    const loader = `<script defer src="${preloads.appAfterLoad}" data-entry="${entry[1]}" data-modules="${modules.join(' ')}" data-fetch="${fetches.join(' ')}"></script>`;
    out = out.replace('</head>', () => `  ${loader}\n  </head>`);
  }
  return out;
}
