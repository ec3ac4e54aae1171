import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendApiNotFound, sendMethodNotAllowed } from './errors';
import { allowedMethods } from './allowed-methods';
import { encodingFor } from './public-cache';

/** The app's HTML for an address (the SEO module fills its head); status 404 for an unknown course or category. */
export type AppPage = (request: FastifyRequest) => Promise<{ status: number; html: string }>;

/**
 * The build's scripts, style sheets and fonts: files a page loads, never a page. The security headers that only a
 * document reads (its Content-Security-Policy, framing, opener, permissions and referrer policies: a script or a
 * style sheet is governed by its page's, and a stylesheet's own fetches by the browser's default referrer policy,
 * the same strict-origin-when-cross-origin) are not sent with them: about 480 bytes on each of the 50 to 80 files of
 * a page's first visit over HTTP/1.1 (issue 26 point 9, docs/decisions/019). `nosniff`, which does govern them,
 * stays. Anything else under /build/ (an SVG could be opened as a document) keeps every header.
 */
const SUBRESOURCE = /\.(js|css|woff2?)(\.(br|gz))?$/;
export const DOCUMENT_ONLY_HEADERS = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'permissions-policy'] as const;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A drawn page's HTML compressed as @fastify/compress compresses the API's answers (brotli at quality 4, or gzip; over
 * 1 KB): the plugin hooks routes only, and the pages come from the not-found handler, so they went out whole (60 to
 * 100 KB for a catalogue page instead of 10 to 15; the first-visit budget test failed on a search page with many results).
 */
async function compressedHtml(request: FastifyRequest, html: string): Promise<{ body: Buffer | string; encoding?: 'br' | 'gzip' }> {
  const encoding = Buffer.byteLength(html) > 1024 ? encodingFor(request.headers['accept-encoding']) : null;
  if (encoding === 'br') return { body: await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }), encoding };
  if (encoding === 'gzip') return { body: await gzipped(html), encoding };
  return { body: html };
}

/**
 * Serves the built web app from the same port: hashed files under /build/ are cached for good,
 * every other non-API GET falls back to index.html so the client router can take it.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined, appPage?: (webDist: string) => AppPage): Promise<void> {
  const hasWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      // One route per file of the build, found once at start (the build does not change under a running server). The
      // wildcard route instead lists the folder on every request to compare the name's letter case, which a
      // case-sensitive file system does not need: about 1 ms of CPU per file with the build's 700 files, a seventh of
      // the browser tests' server CPU (measured; docs/decisions/009, addendum of 2026-11-29).
      wildcard: false,
      // Directories ("/" above all) go to the SPA fallback below instead of a 403 from the static plugin.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      cacheControl: false,
      // The build's .br and .gz twins (apps/web/vite.config.ts), chosen by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}build${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (immutable && SUBRESOURCE.test(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  const page = hasWeb && appPage ? appPage(webDist!) : null;
  const methodsOf = allowedMethods(app);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/')) {
      const allowed = methodsOf(url.split('?')[0]!);
      if (allowed.length > 0) return sendMethodNotAllowed(request, reply, allowed);
    }
    if (!hasWeb || url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendApiNotFound(request, reply);
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!page) return reply.sendFile('index.html');
    const { status, html } = await page(request);
    const { body, encoding } = await compressedHtml(request, html);
    if (encoding) reply.header('content-encoding', encoding);
    // The head depends on the ?lang= of the address and on the language cookie; the encoding on Accept-Encoding.
    return reply.status(status).header('vary', 'Cookie, Accept-Encoding').send(body);
  });
}
