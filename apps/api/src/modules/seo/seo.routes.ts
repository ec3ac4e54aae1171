import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { cachedPublicRead } from '../catalog/catalog.service';
import { hasInjectionPoints, injectHead, renderHead } from './seo.head';
import { pageHead, pageLanguage, robotsTxt, sitemap } from './seo.service';
import { drawnTemplate, preloadLinks, readRoutePreloads } from './route-preloads';
import { firstScreenRenderer } from './server-render';

/** /robots.txt and /sitemap.xml: outside /api, for crawlers (docs/seo.md). */
export function seoModule(app: FastifyInstance, ctx: AppContext) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(ctx)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await cachedPublicRead(ctx, 'sitemap', () => sitemap(ctx))),
  );
}

export type AppPageRenderer = (request: FastifyRequest) => Promise<{ status: number; html: string }>;

/** index.html's root: the boot indicator's dots, which the server's drawing of a public page replaces. */
const ROOT = /<div id="root">(?:<div class="boot-dots"[^>]*>(?:<span[^>]*><\/span>)*<\/div>)?<\/div>/;

/**
 * The web app's HTML for an address, with that page's title, description, links and structured data in its head,
 * and for the public pages (home, category, course details, search) their first screen in #root (server-render.ts).
 */
export function appPageRenderer(ctx: AppContext, webDist: string, app: FastifyInstance): AppPageRenderer {
  const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  if (!hasInjectionPoints(indexHtml) || !ROOT.test(indexHtml)) throw new Error(`${webDist}/index.html has no <html lang="ar" dir="rtl">, <title> or #root to fill`);
  const preloads = readRoutePreloads(webDist);
  const firstScreen = firstScreenRenderer(app, ctx, webDist);
  return async (request) => {
    const url = new URL(request.url, 'http://x');
    const lang = pageLanguage(url.searchParams, request.headers.cookie);
    const pathname = url.pathname.replace(/\/+$/, '') || '/';
    const head = await pageHead(ctx, pathname, url.searchParams, lang);
    const status = head.status ?? 200;
    const screen = status === 200 ? await firstScreen({ url: request.url, pathname, language: lang, cookie: request.headers.cookie ?? '' }) : null;
    let html = injectHead(indexHtml, head, renderHead(head, ctx.config.publicUrl, translate(lang, 'app.name')));
    if (screen) {
      html = drawnTemplate(html, preloads, pathname).replace(ROOT, () => `<div id="root">${screen.html}</div>\n    ${screen.script}`);
      // Mantine's colours hang on <html data-mantine-color-scheme>, which its provider sets only once the app runs:
      // without it the drawn page's borders and tints would appear when it is taken over (the public site is light).
      html = html.replace(/<html lang="(ar|en)" dir="(rtl|ltr)">/, '<html lang="$1" dir="$2" data-mantine-color-scheme="light">');
    }
    // After the app's own script and style links: those come first.
    const links = preloadLinks(preloads, pathname, lang, screen?.html ?? null);
    return { status, html: links ? html.replace('</head>', () => `  ${links}\n  </head>`) : html };
  };
}
