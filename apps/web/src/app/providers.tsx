import { useEffect, useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { forgetDataOfChangedUsers } from '../lib/query';
import { sessionStore } from '../lib/session';
import { directionOf, isLanguage, DEFAULT_LANGUAGE } from '../i18n/config';
import { useAppliedTheme } from '../features/theme/theme-store';
import { buildTheme, cssVariablesResolver, theme } from './theme';

/** Mantine's direction follows the language (RTL for Arabic), unless a signed-in area's theme sets one. */
function DirectionFromLanguage({ override }: { override: 'ltr' | 'rtl' | null }) {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const { setDirection } = useDirection();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  useEffect(() => setDirection(override ?? directionOf(language)), [language, override, setDirection]);
  return null;
}

/** `queryClient`: made before the first render, so the first page's data can be asked for with its code (main.tsx). */
/** `language`: the page's, given by the server when it renders a public page (entry-server.tsx); the browser reads it from <html lang>. */
export function Providers({ queryClient, language, children }: { queryClient: QueryClient; language?: string; children: ReactNode }) {
  useEffect(() => forgetDataOfChangedUsers(queryClient, sessionStore), [queryClient]);
  const given = language ?? document.documentElement.lang;
  const initial = isLanguage(given) ? given : DEFAULT_LANGUAGE;
  // Inside a signed-in area the stored theme settings apply (features/theme); elsewhere the defaults.
  const applied = useAppliedTheme();
  const color = applied?.color;
  const font = applied?.font;
  const activeTheme = useMemo(() => (color && font ? buildTheme(color, font) : theme), [color, font]);
  const direction = applied && applied.direction !== 'auto' ? applied.direction : null;
  return (
    <DirectionProvider initialDirection={directionOf(initial)} detectDirection={false}>
      <DirectionFromLanguage override={direction} />
      <MantineProvider theme={activeTheme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={applied?.background ?? 'light'}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
