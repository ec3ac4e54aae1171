import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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

// Lazy screens' script and style files are served from /build/ (spec section 7).
export default defineConfig(({ command }) => {
  // A build is what the server serves: always React's production build, whatever NODE_ENV the shell
  // has (NODE_ENV=development npm start would otherwise ship the development build). Vite reads
  // NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: import.meta.dirname,
    plugins: [react()],
    define: { __BOOT_LOADING_LABELS__: JSON.stringify(bootLoadingLabels()) },
    build: { outDir: 'dist', assetsDir: 'build', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700 },
    server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  };
});
