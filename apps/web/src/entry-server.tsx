/**
 * The first screen of a public page (home, category, course details, search) rendered by the API server
 * (apps/api/src/modules/seo/server-render.ts, docs/decisions/018): the anonymous view in the page's language,
 * from the same answers the browser's calls get, which main.tsx then hydrates. Built by `vite build --ssr`
 * into apps/web/dist-server (scripts/build-web.mjs); the server loads it once at start.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { configureApi } from './lib/http';
import { createQueryClient } from './lib/query';
import { App } from './app/app';
import { Providers } from './app/providers';
import { preloadRoute } from './app/routes';
import { i18n } from './i18n/i18n';
import { i18nOptions, NAMESPACE, type Language } from './i18n/config';
import { initReactI18next } from 'react-i18next';
import { hasConsentCookie } from './components/cookie-banner';
import { patterns } from './config/paths';

export interface ServerRenderInput {
  /** The address as asked (path and query). */
  url: string;
  language: Language;
  /** The visitor's Cookie header: only the consent flag is read from it. */
  cookie: string;
  /** The API's routes in-process: the same answers as the browser's calls, anonymous. */
  fetch: typeof fetch;
  signal: AbortSignal;
}

export interface ServerRenderOutput {
  /** #root's markup. */
  html: string;
  /** The query cache's contents (TanStack Query's dehydrated state), which the browser seeds its own with. */
  data: DehydratedState;
}

/** The public pages the server draws; every other address keeps the empty root and the browser renders it. */
const SERVER_RENDERED = [{ path: '/' }, { path: patterns.category }, { path: patterns.courseDetails }, { path: patterns.search }];

export function rendersOnServer(pathname: string): boolean {
  return (matchRoutes(SERVER_RENDERED, pathname)?.length ?? 0) > 0;
}

let started: Promise<unknown> | null = null;

/** The translations of both languages, given by the server (it reads the same files the browser does). */
export function startServerRendering(translations: Record<Language, Record<string, string>>): Promise<unknown> {
  started ??= i18n.use(initReactI18next).init({
    ...i18nOptions('ar'),
    resources: { ar: { [NAMESPACE]: translations.ar }, en: { [NAMESPACE]: translations.en } },
    initAsync: false,
    backend: undefined,
  });
  return started;
}

// i18next and the API settings are one per process: renders take turns (each is a few milliseconds once the screens' code is loaded).
let queue: Promise<unknown> = Promise.resolve();

export function renderPage(input: ServerRenderInput): Promise<ServerRenderOutput> {
  const turn = queue.then(() => render(input));
  queue = turn.catch(() => undefined);
  return turn;
}

async function render({ url, language, cookie, fetch, signal }: ServerRenderInput): Promise<ServerRenderOutput> {
  if (!started) throw new Error('startServerRendering was not called');
  await started;
  signal.throwIfAborted();
  await i18n.changeLanguage(language);
  configureApi({ language: () => language, token: () => null, fetch });
  const location = new URL(url, 'http://server');
  const queryClient = createQueryClient();
  await preloadRoute(location, queryClient);
  signal.throwIfAborted();
  // A page whose data did not come (an unknown course, the database down) is left to the browser.
  const failed = queryClient.getQueryCache().getAll().find((query) => query.state.status !== 'success');
  if (failed) throw new Error(`no data for ${JSON.stringify(failed.queryKey)}`);
  const router = createMemoryRouter([{ path: '*', element: <App cookieConsent={hasConsentCookie(cookie)} /> }], { initialEntries: [location.pathname + location.search] });
  // A part that failed would be left to the browser inside an otherwise drawn page: the whole page is, instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers queryClient={queryClient} language={language}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
    // One piece of HTML with no boundary left for a script to fill in (the site allows no inline script).
    { signal, onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return { html: Buffer.concat(chunks).toString('utf8'), data: dehydrate(queryClient) };
}
