import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contractForBrowser } from './vite-plugins/contract-for-browser.ts';
import { mantineStylesPerComponent } from './vite-plugins/mantine-styles.ts';
import { routePreloads } from './vite-plugins/route-preloads.ts';
import { pdfjsAssets } from './vite-plugins/pdfjs-assets.ts';
import { translationsForBrowser } from './vite-plugins/translations-for-browser.ts';
import { DEFAULT_LANGUAGE, NAMESPACE, TRANSLATIONS_LOAD_PATH } from './src/i18n/config.ts';

const translationsDir = new URL('./public/assets/i18n/translations/', import.meta.url);

/** The loading indicator's label is needed before translations load, so it is compiled in from them. */
function bootLoadingLabels(): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const language of ['ar', 'en']) {
    const catalog = JSON.parse(readFileSync(new URL(`${language}.json`, translationsDir), 'utf8')) as Record<string, string>;
    labels[language] = catalog['common.loading'] ?? '';
  }
  return labels;
}

/** What the page says when the translations themselves cannot load (src/boot-failure.ts): compiled in from them too. */
function bootFailureTexts(): Record<string, { title: string; text: string; retry: string }> {
  const texts: Record<string, { title: string; text: string; retry: string }> = {};
  for (const language of ['ar', 'en']) {
    const catalog = JSON.parse(readFileSync(new URL(`${language}.json`, translationsDir), 'utf8')) as Record<string, string>;
    texts[language] = { title: catalog['boot.failure.title'] ?? '', text: catalog['boot.failure.text'] ?? '', retry: catalog['boot.failure.retry'] ?? '' };
  }
  return texts;
}

/**
 * The translation catalog, asked for by the page itself: i18next would ask only once the app's
 * script has run, a whole round trip between the script and the first paint. The default language's
 * only: the fallback (en) is read after the first paint (src/i18n/i18n.ts), and the server swaps this
 * link for the English catalog's in an English page's head (apps/api/src/modules/seo/seo.head.ts).
 */
function preloadTranslations(): Plugin {
  return {
    name: 'nibras-preload-translations',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: TRANSLATIONS_LOAD_PATH.replace('{{ns}}', NAMESPACE).replace('{{lng}}', DEFAULT_LANGUAGE) },
        injectTo: 'head' as const,
      },
    ],
  };
}

/**
 * The default font pair's faces (features/theme/theme-fonts.ts) hold their text back until they arrive (at most
 * 3 s) instead of showing it in a fallback face first. The public pages are drawn by the server (docs/decisions/018)
 * and painted before the app runs: with `swap` their text changed face, and so size, under the reader (a layout
 * shift, and a later largest paint). Their files are preloaded with the page, so they come with its style sheets.
 */
function defaultFontsBlock(): Plugin {
  return {
    name: 'nibras-default-fonts-block',
    transform(code, id) {
      if (!/@fontsource\/(poppins|tajawal)\/[\w-]+\.css$/.test(id)) return null;
      return { code: code.replaceAll('font-display: swap', 'font-display: block'), map: null };
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

/**
 * Each text file of the build also as `.br` and `.gz`, made once here at the highest levels, so
 * the server sends the smaller one the browser accepts without compressing on every request
 * (@fastify/static `preCompressed`). Files under 1 KB are not worth the extra request header work.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nibras-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // On the thread pool, all files at once: the build waits for the slowest, not the sum.
    async closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
      const brotli = promisify(brotliCompress);
      const gz = promisify(gzip);
      await Promise.all(
        walk(outDir)
          .filter((file) => COMPRESSIBLE.test(file))
          .map((file) => ({ file, bytes: readFileSync(file) }))
          .filter(({ bytes }) => bytes.length >= 1024)
          .flatMap(({ file, bytes }) => [
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).then((out) => writeFileSync(`${file}.br`, out)),
            gz(bytes, { level: 9 }).then((out) => writeFileSync(`${file}.gz`, out)),
          ]),
      );
    },
  };
}

// Lazy screens' script and style files are served from /build/ (spec section 7).
export default defineConfig(({ command, isSsrBuild }) => {
  // A build is what the server serves: always React's production build, whatever NODE_ENV the shell
  // has (NODE_ENV=development npm start would otherwise ship the development build). Vite reads
  // NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  // `vite build --ssr src/entry-server.tsx` (scripts/build-web.mjs): the public pages' first screen, which the API
  // server renders (docs/decisions/018). Node reads it: no page head, no preload list, no compressed twins, no styles.
  if (isSsrBuild) {
    return {
      root: import.meta.dirname,
      plugins: [react(), contractForBrowser()],
      // React's production server renderer whatever NODE_ENV the API runs with (a few times faster than the development one).
      define: { __BOOT_LOADING_LABELS__: JSON.stringify(bootLoadingLabels()), __BOOT_FAILURE_TEXTS__: JSON.stringify(bootFailureTexts()), 'process.env.NODE_ENV': JSON.stringify('production') },
      publicDir: false,
      build: { outDir: 'dist-server', emptyOutDir: true, sourcemap: false, ssrEmitAssets: false },
      // Everything bundled, React too: one file that needs nothing from node_modules at run time, with React's
      // production build inlined (the define above), and no CSS import left for Node to choke on.
      ssr: { noExternal: true },
    };
  }
  return {
    root: import.meta.dirname,
    plugins: [react(), contractForBrowser(), mantineStylesPerComponent(), defaultFontsBlock(), preloadTranslations(), routePreloads(), translationsForBrowser(), pdfjsAssets(), precompress()],
    define: { __BOOT_LOADING_LABELS__: JSON.stringify(bootLoadingLabels()), __BOOT_FAILURE_TEXTS__: JSON.stringify(bootFailureTexts()) },
    build: {
      outDir: 'dist',
      assetsDir: 'build',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 700,
      // No modulepreload polyfill in the entry (about 300 bytes gzipped on every first visit): every browser the app
      // supports reads <link rel="modulepreload"> itself (Safari from 17); an older one loads the same modules when the
      // imports ask for them, a little later (docs/decisions/017, addendum of issue 30).
      modulePreload: { polyfill: false },
    },
    server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  };
});
