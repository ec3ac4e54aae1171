import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A lantern's teal (نبراس): shade 7 and darker keep white text above 4.5:1.
const nibras: MantineColorsTuple = [
  '#e7f6f4', '#cdebe7', '#9dd8cf', '#6bc4b8', '#43b3a4', '#2a9d8f', '#218a7d', '#17756a', '#0f5f56', '#084a43',
];

const fontFamily = '"Segoe UI", Tahoma, "Noto Sans Arabic", "Noto Sans", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "DejaVu Sans", sans-serif';

export const theme = createTheme({
  colors: { nibras },
  primaryColor: 'nibras',
  primaryShade: { light: 7, dark: 5 },
  fontFamily,
  headings: { fontFamily },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
});

/** Mantine's default dimmed and error colours fall below WCAG AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-nibras-light-color': 'var(--mantine-color-nibras-8)',
  },
  dark: {},
});
