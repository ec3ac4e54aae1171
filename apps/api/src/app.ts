import { couponsModule } from './modules/coupons/coupons.routes';
import { moyasarGateway } from './lib/moyasar';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { AnswerWriter } from './plugins/answers';
import { openApiSchemaTransform } from './plugins/openapi-schema';
import { illFormedTextAt } from './lib/well-formed-text';
import { registerSlowBodyLimit } from './plugins/slow-bodies';
import { registerShutdownDrain } from './plugins/shutdown';
import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AppContext } from './context';
import { pickLanguage } from './lib/i18n';
import { memoryRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { TokenService } from './lib/tokens';
import { TtlCache } from './lib/ttl-cache';
import type { Storage } from './lib/storage';
import { createStorage } from './lib/create-storage';
import { connectSharedState } from './lib/shared-state';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/static-web';
import { accountsModule } from './modules/accounts/accounts.routes';
import { sessionsModule } from './modules/sessions/sessions.routes';
import { categoriesModule } from './modules/categories/categories.routes';
import { searchModule } from './modules/search/search.routes';
import { catalogModule } from './modules/catalog/catalog.routes';
import { learningModule } from './modules/learning/learning.routes';
import { wishlistModule } from './modules/wishlist/wishlist.routes';
import { notesModule } from './modules/notes/notes.routes';
import { recordsModule } from './modules/records/records.routes';
import { assignmentsModule } from './modules/assignments/assignments.routes';
import { gradebookModule } from './modules/gradebook/gradebook.routes';
import { reportsModule } from './modules/reports/reports.routes';
import { ordersModule } from './modules/orders/orders.routes';
import { invoicesModule } from './modules/invoices/invoices.routes';
import { ratingsModule } from './modules/ratings/ratings.routes';
import { certificatesModule } from './modules/certificates/certificates.routes';
import { mediaModule } from './modules/media/media.routes';
import { outreachModule } from './modules/outreach/outreach.routes';
import { authoringModule } from './modules/authoring/authoring.routes';
import { quizModule } from './modules/quiz/quiz.routes';
import { dashboardModule } from './modules/dashboard/dashboard.routes';
import { membersModule } from './modules/members/members.routes';
import { enrolmentsModule } from './modules/enrolments/enrolments.routes';
import { cmsModule } from './modules/cms/cms.routes';
import { mailModule } from './modules/mail/mail.routes';
import { videoModule } from './modules/video/video.routes';
import { appPageRenderer, seoModule } from './modules/seo/seo.routes';
import { googleModule } from './modules/google/google.routes';
import { messagesModule } from './modules/messages/messages.routes';
import { notificationsModule } from './modules/notifications/notifications.routes';
import { questionsModule } from './modules/questions/questions.routes';

export interface AppDeps {
  db: Db;
  jwtSecret: string;
  limiter?: RateLimiter;
  storage?: Storage;
  /** Told of every status a route answers that its contract entry does not list (the tests collect them). */
  onUndocumentedStatus?: (route: string, status: number) => void;
  /** This process's number among the cluster's workers (cluster.ts): sent as `x-nibras-worker` on every answer. */
  workerIndex?: number;
  /** The clock (AppContext.now): Date.now unless a test sets it. */
  now?: () => number;
}

const DOCS_PREFIX = '/api/docs';

/** Made by zod itself: a ZodError built with `new` is not an Error in zod 4, and Fastify needs one. */
function textError(path: (string | number)[], message: string) {
  return z
    .any()
    .superRefine((_value, ctx) => ctx.addIssue({ code: 'custom', path, message }))
    .safeParse(null).error!;
}

/** Where in a parsed body, query or params the first NUL character is, if any. */
function pathOfNul(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = pathOfNul(v, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Builds the whole server as a plugin tree; never listens (server.ts does). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // The spec's list URLs put the page after a second question mark: keep the raw query for those routes.
    // A stream token (a JWT of about 230 characters) is one path segment of a ladder's addresses (docs/video.md).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 400 },
    // A request arriving while the server closes is answered by plugins/shutdown.ts, in the error envelope.
    return503OnClosing: false,
  });
  const now = deps.now ?? Date.now;
  const storage = deps.storage ?? (await createStorage(config, now));
  const log: AppContext['log'] = (level, message, detail) => app.log[level]({ err: detail }, message);
  // With REDIS_URL, limits and cache invalidations are shared by every API process (lib/shared-state.ts).
  const shared = config.redis ? await connectSharedState({ ...config.redis, windowMs: config.rateLimits.windowMs, log }) : null;
  if (shared) {
    // A write's answer leaves only once its cache invalidations reached Redis, so the client's next read, on any process, is fresh.
    app.addHook('onSend', async () => shared.flush());
    app.addHook('onClose', async () => shared.close());
  }
  if (deps.workerIndex !== undefined) {
    const worker = String(deps.workerIndex);
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-nibras-worker', worker);
    });
  }
  const ctx: AppContext = {
    config,
    db: deps.db,
    tokens: new TokenService(deps.jwtSecret, config.accessTokenTtl),
    limiter: deps.limiter ?? shared?.limiter ?? memoryRateLimiter(config.rateLimits.windowMs),
    cache: shared?.cache ?? new TtlCache(),
    // Each entry holds a JSON answer and its compressed forms: at most some tens of MB.
    publicResponses: shared?.publicResponses ?? new TtlCache(1000),
    storage,
    cardGateway: config.cardGateway ? moyasarGateway(config.cardGateway) : null,
    mail: { wake: () => undefined },
    video: { wake: () => undefined },
    log,
    now,
    undocumentedStatus: (route, status) => {
      app.log.warn({ route, status }, 'status not listed in the contract');
      deps.onUndocumentedStatus?.(route, status);
    },
  };

  // Validation: our own compiler, so the error handler gets the ZodError itself and can
  // turn every issue into a translated field message.
  app.setValidatorCompiler(({ schema }) => (data) => {
    // PostgreSQL text cannot hold NUL: refuse it here, for every route, as a field error.
    const nulAt = pathOfNul(data);
    if (nulAt) return { error: textError(nulAt, 'api.validation.control_characters') };
    // Nor a lone UTF-16 surrogate, which JSON can carry but is no character (lib/well-formed-text.ts).
    const illFormedAt = illFormedTextAt(data);
    if (illFormedAt) return { error: textError(illFormedAt, 'api.validation.not_text') };
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  const answerWriter = new AnswerWriter(config.checkResponses);
  app.decorate('answerWriter', answerWriter);
  app.setSerializerCompiler(answerWriter.compiler);

  app.decorateRequest('user', null);
  app.decorateRequest('lang', 'ar');
  app.decorate('apiRoutes', []);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });
  // After the language is known, so the 503 of a request arriving during a shutdown is in the reader's language.
  const shutdown = registerShutdownDrain(app, config.shutdownGraceMs);
  registerSlowBodyLimit(app, config.slowBodies);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...route.config, access: 'public' };
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access });
    }
  });

  // JSON (and other text) answers over 1 KB compressed for the browsers that accept it; brotli at a
  // low quality costs little CPU per request. Build files come precompressed (static-web.ts); media
  // types are not compressible and pass through untouched.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  registerSecurityHeaders(app, { mediaOrigins: storage.signedUrlOrigin ? [await storage.signedUrlOrigin()] : [] });
  registerErrorHandling(app);
  // Files are streamed (lib/uploads.ts); these are only the outer bounds.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 10_000, fileSize: Math.max(...Object.values(config.uploadLimits)) + 1 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Nibras API', version: '1.0.0', description: 'The public contract of Nibras: the spec paths, quirks included.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (document) => {
      // An upload is validated as it streams (lib/uploads.ts), not as a body; the document still shows its form.
      const upload = document.route.config?.upload;
      if (!upload || !document.schema) return openApiSchemaTransform(document);
      const body = (upload.fields ?? z.object({})).extend({ file: z.string().meta({ format: 'binary' }).describe('The file, sent after the text fields; its type is decided by content') });
      return openApiSchemaTransform({ ...document, schema: { ...document.schema, body } });
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async (api) => {
    accountsModule(api, ctx);
    sessionsModule(api, ctx);
    categoriesModule(api, ctx);
    searchModule(api, ctx);
    catalogModule(api, ctx);
    learningModule(api, ctx);
    wishlistModule(api, ctx);
    notesModule(api, ctx);
    recordsModule(api, ctx);
    assignmentsModule(api, ctx);
    gradebookModule(api, ctx);
    reportsModule(api, ctx);
    ordersModule(api, ctx);
    couponsModule(api, ctx);
    invoicesModule(api, ctx);
    ratingsModule(api, ctx);
    certificatesModule(api, ctx);
    mediaModule(api, ctx);
    outreachModule(api, ctx);
    authoringModule(api, ctx);
    quizModule(api, ctx);
    dashboardModule(api, ctx);
    membersModule(api, ctx);
    enrolmentsModule(api, ctx);
    cmsModule(api, ctx);
    googleModule(api, ctx);
    messagesModule(api, ctx);
    notificationsModule(api, ctx);
    questionsModule(api, ctx);
  });
  mailModule(app, ctx);
  videoModule(app, ctx);
  seoModule(app, ctx);

  await registerWebApp(app, config.webDist, (webDist) => appPageRenderer(ctx, webDist, app));
  // Last, so its onClose runs first once the server has stopped listening: before the mail worker,
  // the live listener and Redis close, the requests still at work finish (plugins/shutdown.ts).
  shutdown.waitOnClose();
  return app;
}
