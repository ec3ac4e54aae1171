import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { cachedPublicRead } from '../catalog/catalog.service';
import { hasInjectionPoints, injectHead, renderHead } from './seo.head';
import { pageHead, pageLanguage, robotsTxt, sitemap } from './seo.service';
import { preloadLinks, readRoutePreloads } from './route-preloads';

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

/** The web app's HTML for an address, with that page's title, description, links and structured data in its head. */
export function appPageRenderer(ctx: AppContext, webDist: string): AppPageRenderer {
  const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  if (!hasInjectionPoints(indexHtml)) throw new Error(`${webDist}/index.html has no <html lang="ar" dir="rtl"> or <title> to fill`);
  const preloads = readRoutePreloads(webDist);
  return async (request) => {
    const url = new URL(request.url, 'http://x');
    const lang = pageLanguage(url.searchParams, request.headers.cookie);
    const pathname = url.pathname.replace(/\/+$/, '') || '/';
    const head = await pageHead(ctx, pathname, url.searchParams, lang);
    const html = injectHead(indexHtml, head, renderHead(head, ctx.config.publicUrl, translate(lang, 'app.name')));
    // After the app's own script and style links: those come first.
    const links = preloadLinks(preloads, pathname, lang);
    return { status: head.status ?? 200, html: links ? html.replace('</head>', () => `  ${links}\n  </head>`) : html };
  };
}
