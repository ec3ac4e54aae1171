import { createHash } from 'node:crypto';
import path from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The public layout: every public page's screens are drawn inside it. */
const PUBLIC_LAYOUT = 'src/layouts/public-layout.tsx';
/** Its style sheet, attached by the layout's code (layouts/public-stylesheet.ts). */
const PUBLIC_CSS = 'src/layouts/public-site.css';
/** What every page under the public layout asks the API for first: the footer's categories come with the home data (app/routes.tsx). */
const PUBLIC_DATA = ['/api/public/home'];

/**
 * The public addresses whose first visit the server speeds up, with the modules their first paint
 * needs (the lazy screens app/routes.tsx preloads for them) and the GET answers it waits for. The build
 * fails if a module here is no longer a screen of its own, so the list cannot silently go stale.
 */
const ROUTES: { pattern: string; modules: string[]; assets?: string[]; data?: string[]; drawn?: { module: string; testId: string }[]; drawnByServer?: boolean }[] = [
  // `drawnByServer`: the pages the server draws (entry-server.tsx's rendersOnServer), which get their sheets in one file.
  // `drawn`: what the page loads only with some data (the hero's pictures), whose styles the server's drawing of it links
  // when it drew it, known by its data-testid (docs/decisions/018): drawn before the app runs, it is styled from the first paint.
  {
    pattern: '^/$',
    drawnByServer: true,
    modules: [PUBLIC_LAYOUT, 'src/features/catalog/pages/home-page.tsx'],
    data: [...PUBLIC_DATA, '/api/home-page/cms/view'],
    drawn: [{ module: 'src/features/cms/components/hero-carousel.tsx', testId: 'home-carousel' }],
  },
  { pattern: '^/category/[^/]+$', drawnByServer: true, modules: [PUBLIC_LAYOUT, 'src/features/catalog/pages/category-page.tsx'] },
  { pattern: '^/course-details/[^/]+$', drawnByServer: true, modules: [PUBLIC_LAYOUT, 'src/features/catalog/pages/course-details-page.tsx'] },
  { pattern: '^/search$', drawnByServer: true, modules: [PUBLIC_LAYOUT, 'src/features/search/pages/search-page.tsx'] },
  { pattern: '^/about$', modules: [PUBLIC_LAYOUT, 'src/features/cms/pages/about-page.tsx'] },
  { pattern: '^/contact-us$', modules: [PUBLIC_LAYOUT, 'src/features/outreach/pages/contact-page.tsx'] },
  { pattern: '^/privacy-policy$', modules: [PUBLIC_LAYOUT, 'src/features/cms/pages/privacy-page.tsx'] },
  { pattern: '^/(participant|instructor)/(login|register)$', modules: [PUBLIC_LAYOUT, 'src/features/accounts/pages/member-auth-page.tsx'] },
  { pattern: '^/(participant|instructor)/forgot-password$', modules: [PUBLIC_LAYOUT, 'src/features/accounts/pages/forgot-password-page.tsx'] },
];

/** The default font pair's faces each language's first paint waits for (main.tsx, features/theme/theme-fonts.ts). */
const FONTS: Record<string, RegExp[]> = {
  ar: [/tajawal-arabic-(400|700)-normal/, /poppins-latin-(400|700)-normal/],
  en: [/poppins-latin-(400|700)-normal/],
};

const APP_AFTER_LOAD_MS = 3000;
/**
 * The stored sessions' keys (src/lib/session-store.ts, SESSION_STORAGE_KEYS; its test holds the two equal): a signed-in
 * visitor's page is not the anonymous drawing, which the app replaces at once, so their app is asked for at once.
 */
export const SIGNED_IN_KEYS = ['adminDetails', 'instructorDetails', 'participantDetails'];
/**
 * A drawn page's app, asked for once the page has loaded (docs/decisions/018): the server moves index.html's module
 * script, its module preloads and the translations' preload into this classic script's data attributes
 * (apps/api/src/modules/seo/route-preloads.ts, drawnTemplate). The page is on screen without them; on a phone's
 * slow network they would share its bandwidth with the sheets, fonts and pictures of the first screen. At the load
 * event (or after APP_AFTER_LOAD_MS if a picture holds it up) they are added as index.html had them, and the app
 * takes the page over as before (sooner if the visitor presses or types: a drawn button does nothing until then).
 * A classic, deferred script: `document.currentScript` names it.
 */
const APP_AFTER_LOAD = `(() => {
  const self = document.currentScript;
  if (!self) return;
  let started = false;
  const link = (rel, href, as) => {
    const element = document.createElement('link');
    element.rel = rel;
    if (as) element.as = as;
    element.crossOrigin = 'anonymous';
    element.href = href;
    document.head.append(element);
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (self.dataset.fetch || '').split(' ').filter(Boolean)) link('preload', href, 'fetch');
    for (const href of (self.dataset.modules || '').split(' ').filter(Boolean)) link('modulepreload', href);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = self.dataset.entry;
    document.head.append(script);
  };
  // A visitor who starts using the page before it has loaded gets the app at once: the drawn HTML alone answers
  // links, not buttons, until the app has taken it over (<html data-app="ready">, lib/taken-over.ts).
  for (const type of ['pointerdown', 'keydown', 'focusin']) addEventListener(type, start, { once: true, passive: true });
  const signedIn = (() => {
    try {
      return ${JSON.stringify(SIGNED_IN_KEYS)}.some((key) => localStorage.getItem(key));
    } catch {
      return false;
    }
  })();
  if (signedIn || document.readyState === 'complete') start();
  else {
    addEventListener('load', start, { once: true });
    setTimeout(start, ${APP_AFTER_LOAD_MS});
  }
})();
`;

/** What the build writes to route-preloads.json and the server reads (apps/api/src/modules/seo/route-preloads.ts). */
export interface RoutePreloads {
  /** `styles`: the chunks' sheets, which Vite attaches with crossorigin; `sheets`: those the app attaches itself, without (layouts/stylesheet.ts). */
  /** `entryStyles`: the sheets index.html links, which a drawn page's one file (`drawnSheet`) holds first, so the server drops their links. */
  entryStyles: string[];
  /** The drawn pages' loader of the app (APP_AFTER_LOAD). */
  appAfterLoad: string;
  /** `drawnSheet` (and a drawn part's `sheet`): its `styles` in one file, in their order, which a page drawn by the server links instead. */
  routes: {
    pattern: string;
    scripts: string[];
    styles: string[];
    drawnSheet?: string;
    drawnStyles: { testId: string; styles: string[]; sheet?: string }[];
    sheets: string[];
    data: string[];
  }[];
  fonts: Record<string, string[]>;
}

/**
 * Writes route-preloads.json: for each public address above, the script and style files of its lazy
 * screens (with everything they import statically, less what index.html already loads) and the fonts
 * of each language. The server puts them in the page's head as preload links, so a phone asks for all
 * of them with the HTML, instead of one round trip per level of imports once the app's script has run.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'nibras-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: OutputChunk[]) => {
          const seen = new Set<string>();
          const visit = (chunk: OutputChunk) => {
            if (seen.has(chunk.fileName)) return;
            seen.add(chunk.fileName);
            for (const imported of chunk.imports) visit(byFile.get(imported)!);
          };
          start.forEach(visit);
          return [...seen].map((file) => byFile.get(file)!);
        };
        const entry = new Set(closure(chunks.filter((chunk) => chunk.isEntry)).map((chunk) => chunk.fileName));
        const entryCss = new Set([...entry].flatMap((file) => [...(byFile.get(file)!.viteMetadata?.importedCss ?? [])]));
        const assetNamed = (source: string) =>
          Object.values(bundle).find((file) => file.type === 'asset' && file.originalFileNames.some((name) => path.resolve(root, name) === path.resolve(root, source)))?.fileName;
        // The entry's sheets, in the order index.html links them (a drawn page's one file holds them first, as they come first).
        const html = bundle['index.html'];
        if (html?.type !== 'asset') this.error('route-preloads: index.html is not in the bundle yet');
        const entryStyles = [...String(html.source).matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"/g)].map((match) => match[1]!);
        if (entryStyles.length !== entryCss.size || entryStyles.some((file) => !entryCss.has(file))) {
          this.error(`route-preloads: index.html links ${entryStyles.join(', ')}, the entry imports ${[...entryCss].join(', ')}`);
        }
        /**
         * The sheets of a drawn first screen in one file (docs/decisions/018): on a phone's slow network, over HTTP/1.1's six
         * connections, fifteen small sheets cost several round trips before the first paint; one costs one. Their rules in
         * the order the app attaches them, so the cascade is the same; the app then attaches none of them (the server marks
         * them as there, disabled: apps/api/src/modules/seo/route-preloads.ts). Named by content, so a route with the same
         * sheets shares the file, and the server's pre-compression (precompress) covers it like the others.
         */
        const combined = new Map<string, string>();
        const combine = (files: string[]) => {
          if (files.length < 2) return undefined;
          const source = files
            .map((file) => {
              const asset = bundle[file] as OutputAsset | undefined;
              if (asset?.type !== 'asset') this.error(`route-preloads: the sheet ${file} is not in the build`);
              return `${String(asset.source)}`.trim();
            })
            .join('\n');
          const fileName = `build/first-screen-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.css`;
          if (!combined.has(fileName)) {
            combined.set(fileName, source);
            this.emitFile({ type: 'asset', fileName, source });
          }
          return `/${fileName}`;
        };
        const routes = ROUTES.map(({ pattern, modules, data, drawn = [], drawnByServer = false }) => {
          const screens = modules.map((module) => {
            const chunk = chunks.find((c) => c.facadeModuleId && path.resolve(c.facadeModuleId) === path.resolve(root, module));
            if (!chunk) this.error(`route-preloads: ${module} is not a chunk of its own any more (app/routes.tsx)`);
            return chunk;
          });
          const files = closure(screens).filter((chunk) => !entry.has(chunk.fileName));
          const styles = [...new Set(files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].filter((css) => !entryCss.has(css));
          const publicCss = modules.includes(PUBLIC_LAYOUT) ? assetNamed(PUBLIC_CSS) : undefined;
          if (modules.includes(PUBLIC_LAYOUT) && !publicCss) this.error(`route-preloads: ${PUBLIC_CSS} is not in the build`);
          const drawnStyles = drawn.map(({ module, testId }) => {
            const chunk = chunks.find((c) => c.facadeModuleId && path.resolve(c.facadeModuleId) === path.resolve(root, module));
            if (!chunk) this.error(`route-preloads: ${module} is not a chunk of its own any more`);
            const css = [...new Set(closure([chunk]).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].filter((file) => !entryCss.has(file) && !styles.includes(file));
            return { testId, styles: css.map((file) => `/${file}`), sheet: drawnByServer ? combine(css) : undefined };
          });
          return {
            pattern,
            scripts: files.map((chunk) => `/${chunk.fileName}`),
            styles: styles.map((css) => `/${css}`),
            drawnSheet: drawnByServer ? combine([...entryStyles, ...styles]) : undefined,
            drawnStyles,
            sheets: publicCss ? [`/${publicCss}`] : [],
            data: data ?? PUBLIC_DATA,
          };
        });
        const assets = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.woff2'));
        const fonts = Object.fromEntries(
          Object.entries(FONTS).map(([language, faces]) => [
            language,
            faces.flatMap((face) => {
              const found = assets.filter((asset) => face.test(asset.fileName)).map((asset) => `/${asset.fileName}`);
              if (found.length === 0) this.error(`route-preloads: no font file matches ${face}`);
              return found;
            }),
          ]),
        );
        const loaderName = `build/first-screen-app-${createHash('sha256').update(APP_AFTER_LOAD).digest('hex').slice(0, 10)}.js`;
        this.emitFile({ type: 'asset', fileName: loaderName, source: APP_AFTER_LOAD });
        const preloads: RoutePreloads = { entryStyles: entryStyles.map((file) => `/${file}`), appAfterLoad: `/${loaderName}`, routes, fonts };
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 2) });
      },
    },
  };
}
