import { useEffect, useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { directionOf, isLanguage, DEFAULT_LANGUAGE } from '../i18n/config';
import { cssVariablesResolver, theme } from './theme';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
    },
  });
}

/** Mantine's direction follows the language (RTL for Arabic). */
function DirectionFromLanguage() {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const { setDirection } = useDirection();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  useEffect(() => setDirection(directionOf(language)), [language, setDirection]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
