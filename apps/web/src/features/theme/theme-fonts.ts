// The default pair is in the main style sheet: its @font-face rules are there at first paint, and a
// browser downloads a face only once text uses it. Other pairs load when chosen (loadFontPair).
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-700.css';
import '@fontsource/tajawal/arabic-400.css';
import '@fontsource/tajawal/arabic-700.css';
import type { FontName } from './theme-rules';

interface FontPair {
  /** The face Latin text uses (a bundled one; see HelveticaNeue). */
  latin: string;
  /** The face Arabic text uses: every Latin face lacks Arabic glyphs, so they fall to this one, never to a system font. */
  arabic: string;
  stack: string;
  /** Brings the pair's @font-face rules (weights 400 and 700, Latin and Arabic subsets only). */
  load: () => Promise<unknown>;
}

/**
 * Each spec font with an Arabic face of a similar build (docs/theme.md says why each). Helvetica
 * Neue is not free to ship: it is used where the system has it, else Arimo (same metrics as
 * Helvetica, bundled).
 */
export const FONT_PAIRS: Record<FontName, FontPair> = {
  poppins: { latin: 'Poppins', arabic: 'Tajawal', stack: 'Poppins, Tajawal, sans-serif', load: () => Promise.resolve() },
  roboto: {
    latin: 'Roboto',
    arabic: 'Noto Kufi Arabic',
    stack: 'Roboto, "Noto Kufi Arabic", sans-serif',
    load: () => Promise.all([import('@fontsource/roboto/latin-400.css'), import('@fontsource/roboto/latin-700.css'), import('@fontsource/noto-kufi-arabic/arabic-400.css'), import('@fontsource/noto-kufi-arabic/arabic-700.css')]),
  },
  nunito: {
    latin: 'Nunito',
    arabic: 'Almarai',
    stack: 'Nunito, Almarai, sans-serif',
    load: () => Promise.all([import('@fontsource/nunito/latin-400.css'), import('@fontsource/nunito/latin-700.css'), import('@fontsource/almarai/arabic-400.css'), import('@fontsource/almarai/arabic-700.css')]),
  },
  opensans: {
    latin: 'Open Sans',
    arabic: 'Noto Sans Arabic',
    stack: '"Open Sans", "Noto Sans Arabic", sans-serif',
    load: () => Promise.all([import('@fontsource/open-sans/latin-400.css'), import('@fontsource/open-sans/latin-700.css'), import('@fontsource/noto-sans-arabic/arabic-400.css'), import('@fontsource/noto-sans-arabic/arabic-700.css')]),
  },
  HelveticaNeue: {
    latin: 'Arimo',
    arabic: 'IBM Plex Sans Arabic',
    stack: '"Helvetica Neue", Arimo, "IBM Plex Sans Arabic", sans-serif',
    load: () => Promise.all([import('@fontsource/arimo/latin-400.css'), import('@fontsource/arimo/latin-700.css'), import('@fontsource/ibm-plex-sans-arabic/arabic-400.css'), import('@fontsource/ibm-plex-sans-arabic/arabic-700.css')]),
  },
};

/**
 * Resolves once the pair's faces are downloaded (or failed): the first paint waits for it, so text
 * never swaps face under the reader (no layout shift). Only the faces the language's text uses.
 */
export async function fontPairReady(font: FontName, language: string): Promise<void> {
  const pair = FONT_PAIRS[font];
  await pair.load();
  const faces = language === 'ar' ? [[pair.arabic, 'ب'], [pair.latin, 'A']] : [[pair.latin, 'A']];
  await Promise.allSettled(faces.flatMap(([family, sample]) => ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "${family}"`, sample))));
}
