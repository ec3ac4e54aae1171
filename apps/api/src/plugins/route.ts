import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_STATUSES, errorEnvelope, errorStatuses, type FileRouteDef, type JsonRouteDef, type RedirectRouteDef, type RouteDef } from '@nibras/contract';
import { translate } from '../lib/i18n';
import { AppError, tooManyAttempts } from '../lib/app-error';
import { takeFromBucket } from '../lib/rate-limiter';
import type { AppContext } from '../context';
import { optionalUser, requireAccess, signedInUser, type RequestUser } from './auth';
import { isAnonymous, rememberAnswer, sendCachedAnswer } from './public-cache';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
// [D] (not D): one handler may serve a union of routes (the same call for two roles).
type DataOf<D extends RouteDef> = [D] extends [JsonRouteDef] ? (D['response'] extends z.ZodType<{ data: infer T }> ? T : never) : never;

export interface HandlerInput<D extends RouteDef> {
  body: Out<D['body']>;
  query: Out<D['query']>;
  params: Out<D['params']>;
  /** Null on public routes without a (valid, optional) token, and on a signed-URL call without a bearer header. */
  user: D['access'] extends 'public' ? RequestUser | null : D['signedUrl'] extends string ? RequestUser | null : RequestUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface HandlerResult<T> {
  /** Translation key of the success message. */
  message?: string;
  data: T;
}

/** A JSON route answers data for the envelope; a file or redirect route answers with the reply it has sent. */
export type RouteHandler<D extends RouteDef> = [D] extends [FileRouteDef | RedirectRouteDef]
  ? (input: HandlerInput<D>) => Promise<FastifyReply>
  : (input: HandlerInput<D>) => Promise<HandlerResult<DataOf<D>>>;

const binary = z.string().meta({ format: 'binary' });
const redirectAnswer = z.null().describe('A redirect to the next page of the sign-in (the `Location` header), with no body');
const signedRedirectAnswer = z
  .null()
  .describe('With object storage (STORAGE=s3), a video: a redirect to a short-lived signed URL of the bucket (the `Location` header), which answers Range requests itself');

/** The OpenAPI responses: the success, then each failure the route may answer (errorStatuses), all in the error envelope. */
function responseSchemas(def: RouteDef) {
  const failures = Object.fromEntries(
    errorStatuses(def).map((status) => [status, { description: ERROR_STATUSES[status], content: { 'application/json': { schema: errorEnvelope } } }]),
  );
  if (def.redirect) return { 302: redirectAnswer, ...failures };
  if (!def.file) return { 200: def.response, ...failures };
  const content = Object.fromEntries(def.file.types.map((type) => [type, { schema: binary }]));
  const partial = def.file.ranges ? { 206: { description: 'The requested byte range', content } } : {};
  const redirect = def.file.signedRedirect ? { 302: signedRedirectAnswer } : {};
  return { 200: { description: 'The file', content }, ...partial, ...redirect, ...failures };
}

/** A signed grant of the route's type and role, checked as strictly as a bearer token would be. */
async function hasSignedGrant(ctx: AppContext, request: FastifyRequest, def: RouteDef): Promise<boolean> {
  const t = (request.query as Record<string, unknown> | undefined)?.t;
  if (typeof t !== 'string') return false;
  const grant = await ctx.tokens.verifyRaw(t);
  return !!grant && grant.typ === def.signedUrl && grant.role === def.access;
}

/**
 * Searches: a signed-in account's count by account, from any address, so a class signed in behind one
 * school address does not share one budget; anyone else's (no token, or a forged, expired or ended one)
 * by address, with a larger budget and a burst for a class that is not signed in. Token buckets on the
 * app's clock (lib/rate-limiter.ts); the settings and their reasons are in docs/search.md.
 */
async function limitSearch(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const limits = ctx.config.rateLimits;
  const user = request.user ?? (await signedInUser(ctx, request));
  const key = user ? `search:user:${user.id}` : `search:address:${request.ip}`;
  searchCallers.set(request, key);
  if (user) {
    const perMinute = limits.searchesPerUserPerMinute;
    await takeFromBucket(ctx.limiter, key, { burst: perMinute, perMinute }, 'api.search.too_many_account', ctx.now());
  } else {
    const bucket = { burst: limits.searchBurstPerAddress, perMinute: limits.searchesPerAddressPerMinute };
    await takeFromBucket(ctx.limiter, key, bucket, 'api.search.too_many', ctx.now());
  }
}

const searchCallers = new WeakMap<FastifyRequest, string>();

/** Whom a search counted against (`search:user:<id>` or `search:address:<ip>`): the search gate takes turns between them. */
export function searchCallerOf(request: FastifyRequest): string {
  return searchCallers.get(request) ?? `search:address:${request.ip}`;
}

/**
 * Registers one route of the contract, the only way routes are added: schema from
 * packages/contract, the access check before anything else, then the handler. A JSON route's
 * result is wrapped in the success envelope; a file route sends the file itself.
 */
export interface RouteOptions {
  /**
   * An anonymous public read: its answer is kept encoded for PUBLIC_READ_TTL_MS (plugins/public-cache.ts)
   * and dropped when the catalog changes. Only for reads whose answer depends on the URL and language alone.
   */
  publicCache?: boolean;
  /**
   * A hot read whose presenter builds exactly the contract's shape: its 200 answer is written without
   * encoding it through the schema, except under CHECK_RESPONSES (the tests), where it must come out
   * of the encoding unchanged (plugins/answers.ts).
   */
  trustedAnswer?: boolean;
  /**
   * With publicCache: the answer does not depend on who asks, so it is kept and served for a caller
   * with a token too (search: the token only decides whose limit the search counts against).
   */
  sameForEveryone?: boolean;
}

export function addRoute<D extends RouteDef>(app: FastifyInstance, ctx: AppContext, def: D, handler: RouteHandler<D>, options: RouteOptions = {}): void {
  const cached = !!options.publicCache && !def.file;
  if (options.trustedAnswer && !def.file && !def.redirect) app.answerWriter.trust(def.method, def.path);
  const forEveryone = cached && !!options.sameForEveryone;
  const answers = new Set<number>([def.redirect ? 302 : 200, ...(def.file?.ranges ? [206] : []), ...(def.file?.signedRedirect ? [302] : []), ...errorStatuses(def)]);
  app.route({
    // A file route answers HEAD itself, with the file's real length (Fastify's automatic HEAD route would send 0).
    method: def.file ? ['GET', 'HEAD'] : def.method,
    url: def.path,
    config: { access: def.access, ...(def.multipart ? { upload: { fields: def.multipartFields } } : {}) },
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(def.body ? { body: def.body } : {}),
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: responseSchemas(def),
    },
    // Access is checked before the body is validated, so a caller without the role learns nothing.
    preValidation: async (request) => {
      if (def.signedUrl && !request.headers.authorization) {
        if (!(await hasSignedGrant(ctx, request, def))) throw new AppError('api.auth.required', 401, { headers: { 'www-authenticate': 'Bearer' } });
        request.user = null;
      } else {
        request.user = def.optionalAuth ? await optionalUser(ctx, request, def.optionalAuth) : await requireAccess(ctx, request, def.access);
      }
      // Every attempt counts, valid or not: registration answers "email taken", so only
      // this limit keeps it from listing accounts in bulk; public forms are limited against spam.
      // (Login limits failures per account in its service.)
      // Searches are counted before the public-read cache answers, so a kept answer counts too.
      if (def.rateLimit === 'search') await limitSearch(ctx, request);
      if (def.rateLimit === 'register' || def.rateLimit === 'form') {
        const hit = await ctx.limiter.hit(`${def.rateLimit}:${request.ip}`);
        const max = def.rateLimit === 'register' ? ctx.config.rateLimits.registerPerAddress : ctx.config.rateLimits.formsPerAddress;
        if (hit.count > max) throw tooManyAttempts(hit.retryAfter);
      }
    },
    // The contract must tell the truth: a status it does not list is reported (the tests fail on it).
    onResponse: async (request, reply) => {
      if (!answers.has(reply.statusCode)) ctx.undocumentedStatus(`${request.method} ${def.path}`, reply.statusCode);
    },
    // After access and validation, so a bad input is still refused the same way.
    ...(cached ? { preHandler: async (request: FastifyRequest, reply: FastifyReply) => (sendCachedAnswer(ctx, request, reply, forEveryone) ? reply : undefined) } : {}),
    handler: async (request, reply) => {
      const input = {
        body: request.body as Out<D['body']>,
        query: request.query as Out<D['query']>,
        params: request.params as Out<D['params']>,
        user: request.user as HandlerInput<D>['user'],
        request,
        reply,
      };
      if (def.file || def.redirect) return (handler as (input: HandlerInput<D>) => Promise<FastifyReply>)(input);
      const result = await (handler as (input: HandlerInput<D>) => Promise<HandlerResult<unknown>>)(input);
      const answer = { success: true, status: true, message: translate(request.lang, result.message ?? 'api.ok'), data: result.data };
      if (!cached || !(forEveryone || isAnonymous(request))) return answer;
      const json = reply.serialize(answer) as string;
      rememberAnswer(ctx, request, json);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });
}
