import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import './styles/global.css';
import { configureApi } from './lib/http';
import { App } from './app/app';
import { Providers } from './app/providers';
import { preloadRoute } from './app/routes';
import { sessionStore, startSessions } from './lib/session';
import { labelBootIndicator } from './boot-indicator';
import { currentLanguage, i18n, startI18n } from './i18n/i18n';

async function boot(root: HTMLElement): Promise<void> {
  const translations = startI18n();
  labelBootIndicator(document.documentElement.lang);
  configureApi({
    language: currentLanguage,
    token: (role) => sessionStore.session(role)?.token ?? null,
    onUnauthorized: (role) => sessionStore.signOut(role, 'unauthorized'),
    translate: (key) => i18n.t(key),
  });
  startSessions();
  // Translations, layout, page and style sheet download together; rendering once they are
  // in avoids a chain of loading indicators (each reveal React throttles by up to 300 ms).
  await Promise.allSettled([translations, preloadRoute(window.location.pathname)]);
  // A data router only so screens can block a navigation (useBlocker: unsaved course edits);
  // the route table itself stays in App's useRoutes.
  const router = createBrowserRouter([{ path: '*', element: <App /> }]);
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
void boot(root);
