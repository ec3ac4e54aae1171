import type { FastifyInstance } from 'fastify';

// No inline scripts anywhere: the web app's build emits external modules only.
// Inline styles stay allowed because Mantine sets CSS variables through style attributes.
// `mediaOrigins`: where videos may also come from: the bucket that signed video URLs redirect to
// (STORAGE=s3, docs/storage.md), and where hls.js fetches a streaming ladder's segments from (their playlists list
// signed addresses of the bucket: connect-src). Images are streamed through the API, so img-src stays as it is.
// hls.js turns MPEG-TS segments into what Media Source plays in a worker it starts from a blob: (worker-src).
export const contentSecurityPolicy = (mediaOrigins: string[] = []) => [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  ["media-src 'self' blob:", ...mediaOrigins].join(' '),
  "font-src 'self' data:",
  ["connect-src 'self'", ...mediaOrigins].join(' '),
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export function registerSecurityHeaders(app: FastifyInstance, options: { mediaOrigins?: string[] } = {}): void {
  const policy = contentSecurityPolicy(options.mediaOrigins);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    });
  });
}
