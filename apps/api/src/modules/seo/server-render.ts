import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { catalogs, type Language } from '../../lib/i18n';
import type { AppContext } from '../../context';

/** What the web app's server build exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  rendersOnServer: (pathname: string) => boolean;
  startServerRendering: (translations: Record<Language, Record<string, string>>) => Promise<unknown>;
  renderPage: (input: { url: string; language: Language; cookie: string; fetch: typeof fetch; signal: AbortSignal }) => Promise<{ html: string; data: unknown }>;
}

/** A first screen not drawn within this is left to the browser (the page's empty root, as before). */
export const SERVER_RENDER_TIMEOUT_MS = 2_000;

export interface FirstScreen {
  /** #root's markup. */
  html: string;
  /** The data script, written after #root: the browser seeds its query cache with it. */
  script: string;
}

export type FirstScreenRenderer = (request: { url: string; pathname: string; language: Language; cookie: string }) => Promise<FirstScreen | null>;

/** JSON inside a script element: "<" escaped so that no "</script>" or "<!--" can end or change it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The web build's server entry beside its files: apps/web/dist-server/entry-server.js for apps/web/dist. */
export function serverEntryOf(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
}

/**
 * The public pages' first screen drawn by the server (docs/decisions/018): home, category, course details and
 * search, the anonymous view in the page's language, from the answers the browser's own calls get (the API's
 * routes, called in-process with `inject`: the same handlers, presenters and cache of public reads, no socket).
 * Without the web app's server build, or when a page fails or takes longer than SERVER_RENDER_TIMEOUT_MS, it
 * answers null and the page keeps its empty root (logged): never an error for the visitor.
 */
export function firstScreenRenderer(app: FastifyInstance, ctx: Pick<AppContext, 'log'>, webDist: string, timeoutMs = SERVER_RENDER_TIMEOUT_MS): FirstScreenRenderer {
  const file = serverEntryOf(webDist);
  if (!existsSync(file)) {
    ctx.log('info', `No server rendering of the public pages: ${file} is missing (npm run build:web writes it)`);
    return () => Promise.resolve(null);
  }
  const entry: Promise<ServerEntry | null> = (import(pathToFileURL(file).href) as Promise<ServerEntry>)
    .then(async (loaded) => {
      await loaded.startServerRendering(catalogs);
      return loaded;
    })
    .catch((error: unknown) => {
      ctx.log('error', `The public pages' server rendering did not load from ${file}`, error);
      return null;
    });
  return async ({ url, pathname, language, cookie }) => {
    const loaded = await entry;
    if (!loaded?.rendersOnServer(pathname)) return null;
    const signal = AbortSignal.timeout(timeoutMs);
    // Anonymous calls: no cookie, no token, whoever the visitor is.
    const inProcess: typeof fetch = async (input, init) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      delete headers.authorization;
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: String(input),
        headers,
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
    };
    try {
      const rendered = await Promise.race([
        loaded.renderPage({ url, language, cookie, fetch: inProcess, signal }),
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
      ]);
      return { html: rendered.html, script: `<script type="application/json" id="first-screen-data">${jsonForScript(rendered.data)}</script>` };
    } catch (error) {
      ctx.log('warn', `${pathname}: the first screen was not drawn on the server; the browser renders it`, error);
      return null;
    }
  };
}
