import { useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { forgetDataOfChangedUsers } from '../lib/query';
import { sessionStore } from '../lib/session';
import { directionOf, isLanguage, DEFAULT_LANGUAGE } from '../i18n/config';
import { cssVariablesResolver, theme } from './theme';

/** Mantine's direction follows the language (RTL for Arabic). */
function DirectionFromLanguage() {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const { setDirection } = useDirection();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  useEffect(() => setDirection(directionOf(language)), [language, setDirection]);
  return null;
}

/** `queryClient`: made before the first render, so the first page's data can be asked for with its code (main.tsx). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => forgetDataOfChangedUsers(queryClient, sessionStore), [queryClient]);
  const initial = isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE;
  return (
    <DirectionProvider initialDirection={directionOf(initial)} detectDirection={false}>
      <DirectionFromLanguage />
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
