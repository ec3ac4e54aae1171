import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
// What every page needs of Mantine: the reset, the theme's variables and its global rules. Each
// component's own styles come with its code (vite-plugins/mantine-styles.ts), all in @layer mantine.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles/global.css';
import { configureApi } from './lib/http';
import { createQueryClient } from './lib/query';
import { App } from './app/app';
import { Providers } from './app/providers';
import { preloadRoute } from './app/routes';
import { sessionStore, startSessions } from './lib/session';
import { labelBootIndicator, restoreBootIndicator } from './boot-indicator';
import { currentLanguage, i18n, startI18n } from './i18n/i18n';
import { NAMESPACE } from './i18n/config';
import { showBootFailure } from './boot-failure';
import { fontPairReady } from './features/theme/theme-fonts';
import { themeStore } from './features/theme/theme-store';
import { DEFAULT_THEME_SETTINGS } from './features/theme/theme-rules';
import { COOKIE_CONSENT_KEY } from './components/cookie-banner';
import { firstScreenData } from './first-screen';

async function boot(root: HTMLElement): Promise<void> {
  // The page's first screen as the server drew it (a public page, the anonymous view), if it did.
  const served = firstScreenData(document.documentElement.lang);
  const translations = startI18n();
  labelBootIndicator(document.documentElement.lang);
  configureApi({
    language: currentLanguage,
    token: (role) => sessionStore.session(role)?.token ?? null,
    onUnauthorized: (role) => sessionStore.signOut(role, 'unauthorized'),
    translate: (key) => i18n.t(key),
  });
  startSessions();
  const queryClient = createQueryClient();
  // Taken over as drawn only if this visitor sees what the server drew: nobody signed in, the same language,
  // the cookie banner shown or not alike, no notice carried by the address's history entry (a reload of the
  // home page after being sent there). Otherwise the browser renders the page itself, as on every other page.
  const bannerServed = root.querySelector('[data-testid="cookie-banner"]') !== null;
  const hydrating =
    served !== null &&
    served.language === document.documentElement.lang &&
    !Object.values(sessionStore.getSnapshot().sessions).some(Boolean) &&
    bannerServed === (localStorage.getItem(COOKIE_CONSENT_KEY) !== 'true') &&
    !(window.history.state as { usr?: unknown } | null)?.usr;
  if (hydrating) hydrate(queryClient, served.data);
  else if (served !== null) restoreBootIndicator(root, document.documentElement.lang);
  // Translations, layout, page, style sheet and the page's data download together; rendering once
  // they are in avoids a chain of loading indicators (each reveal React throttles by up to 300 ms),
  // and the first paint is the page as it stays, nothing moving once data arrives.
  // The fonts too (the default pair, and the one chosen in the theme settings): text never changes
  // face, and so size, after the first paint.
  const language = document.documentElement.lang;
  const fonts = new Set([DEFAULT_THEME_SETTINGS.font, themeStore.state().font]);
  // A drawn page is already on screen with its fonts' fallback: it is taken over without waiting for them.
  const fontsReady = hydrating ? [] : [...fonts].map((font) => fontPairReady(font, language));
  await Promise.allSettled([translations, preloadRoute(window.location, queryClient), ...fontsReady]);
  // No texts in the page's language (i18next retried and gave up): say so in both, with a retry, rather than show keys.
  if (!i18n.hasResourceBundle(currentLanguage(), NAMESPACE)) {
    showBootFailure(root);
    return;
  }
  // A data router only so screens can block a navigation (useBlocker: unsaved course edits);
  // the route table itself stays in App's useRoutes.
  const router = createBrowserRouter([{ path: '*', element: <App /> }]);
  const tree = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (hydrating) {
    hydrateRoot(root, tree);
    return;
  }
  // A transition renders in slices, giving the main thread back between them, instead of one long
  // task for the whole first page; the boot indicator stays until the page is ready to show.
  startTransition(() => createRoot(root).render(tree));
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
void boot(root);
