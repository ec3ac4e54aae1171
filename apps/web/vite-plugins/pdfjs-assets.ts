import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * pdf.js's character maps and standard fonts, which a PDF that does not embed its fonts (many Arabic ones) needs to be
 * drawn: copied from pdfjs-dist into the build under /pdfjs/ (the player's PDF viewer points pdf.js there), so they
 * come from this site like every other file (docs/player.md).
 */
export function pdfjsAssets(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    name: 'nibras-pdfjs-assets',
    apply: 'build',
    generateBundle() {
      for (const folder of ['cmaps', 'standard_fonts']) {
        for (const name of readdirSync(path.join(root, folder))) {
          this.emitFile({ type: 'asset', fileName: `pdfjs/${folder}/${name}`, source: readFileSync(path.join(root, folder, name)) });
        }
      }
    },
  };
}
