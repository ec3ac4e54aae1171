import { SUCCESS_GREEN } from '../config/colors';
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { THEME_COLORS } from '../features/theme/theme-colors';
import { FONT_PAIRS } from '../features/theme/theme-fonts';
import { DEFAULT_THEME_SETTINGS, type FontName, type ThemeColor } from '../features/theme/theme-rules';

/**
 * The Mantine theme for a colour and a font pair of the theme settings. The chosen colour takes the
 * name `nibras`, the primary colour every screen and style sheet refers to, so all of them follow it.
 * Shade 7 is the filled shade in both backgrounds: white text on it stays above 4.5:1 (theme-colors.ts).
 */
export function buildTheme(color: ThemeColor, font: FontName): MantineThemeOverride {
  const fontFamily = FONT_PAIRS[font].stack;
  return createTheme({
    colors: { nibras: THEME_COLORS[color] },
    primaryColor: 'nibras',
    primaryShade: { light: 7, dark: 7 },
    fontFamily,
    headings: { fontFamily },
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
  });
}

/** The public site's theme: the defaults (a bundled font pair, so Arabic never falls back to a system font). */
export const theme = buildTheme(DEFAULT_THEME_SETTINGS.color, DEFAULT_THEME_SETTINGS.font);

/** Mantine's default dimmed and error colours fall below WCAG AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': SUCCESS_GREEN,
    '--mantine-color-nibras-light-color': 'var(--mantine-color-nibras-8)',
  },
  dark: {
    // Mantine's dark dimmed (dark-2) is 4.0:1 on the dark body.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // On the dark body the primary's light variant reads in shade 3 (theme-colors.ts keeps it above 4.5:1).
    '--mantine-color-nibras-light-color': 'var(--mantine-color-nibras-3)',
    '--mantine-color-nibras-text': 'var(--mantine-color-nibras-3)',
    '--mantine-color-anchor': 'var(--mantine-color-nibras-3)',
  },
});
