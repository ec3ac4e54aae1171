import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The public layout: every public page's screens are drawn inside it. */
const PUBLIC_LAYOUT = 'src/layouts/public-layout.tsx';
/** Its style sheet, attached by the layout's code (layouts/public-stylesheet.ts). */
const PUBLIC_CSS = 'src/layouts/public.css';
/** What every page under the public layout asks the API for first: the footer's categories come with the home data (app/routes.tsx). */
const PUBLIC_DATA = ['/api/public/home'];

/**
 * The public addresses whose first visit the server speeds up, with the modules their first paint
 * needs (the lazy screens app/routes.tsx preloads for them) and the GET answers it waits for. The build
 * fails if a module here is no longer a screen of its own, so the list cannot silently go stale.
 */
const ROUTES: { pattern: string; modules: string[]; assets?: string[]; data?: string[]; drawn?: { module: string; testId: string }[] }[] = [
  // `drawn`: what the page loads only with some data (the hero's pictures), whose styles the server's drawing of it links
  // when it drew it, known by its data-testid (docs/decisions/018): drawn before the app runs, it is styled from the first paint.
  {
    pattern: '^/$',
    modules: [PUBLIC_LAYOUT, 'src/features/catalog/pages/home-page.tsx'],
    data: [...PUBLIC_DATA, '/api/home-page/cms/view'],
    drawn: [{ module: 'src/features/cms/components/hero-carousel.tsx', testId: 'home-carousel' }],
  },
  { pattern: '^/category/[^/]+$', modules: [PUBLIC_LAYOUT, 'src/features/catalog/pages/category-page.tsx'] },
  { pattern: '^/course-details/[^/]+$', modules: [PUBLIC_LAYOUT, 'src/features/catalog/pages/course-details-page.tsx'] },
  { pattern: '^/search$', modules: [PUBLIC_LAYOUT, 'src/features/search/pages/search-page.tsx'] },
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

/** What the build writes to route-preloads.json and the server reads (apps/api/src/modules/seo/route-preloads.ts). */
export interface RoutePreloads {
  /** `styles`: the chunks' sheets, which Vite attaches with crossorigin; `sheets`: those the app attaches itself, without (layouts/stylesheet.ts). */
  routes: { pattern: string; scripts: string[]; styles: string[]; drawnStyles: { testId: string; styles: string[] }[]; sheets: string[]; data: string[] }[];
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
        const routes = ROUTES.map(({ pattern, modules, data, drawn = [] }) => {
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
            return { testId, styles: css.map((file) => `/${file}`) };
          });
          return {
            pattern,
            scripts: files.map((chunk) => `/${chunk.fileName}`),
            styles: styles.map((css) => `/${css}`),
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
        const preloads: RoutePreloads = { routes, fonts };
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 2) });
      },
    },
  };
}
