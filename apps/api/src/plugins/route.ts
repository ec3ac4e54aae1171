import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorEnvelope, type RouteDef } from '@nibras/contract';
import { translate } from '../lib/i18n';
import { tooManyAttempts } from '../lib/app-error';
import type { AppContext } from '../context';
import { optionalUser, requireAccess, type RequestUser } from './auth';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type DataOf<D extends RouteDef> = D['response'] extends z.ZodType<{ data: infer T }> ? T : never;

export interface HandlerInput<D extends RouteDef> {
  body: Out<D['body']>;
  query: Out<D['query']>;
  params: Out<D['params']>;
  user: D['access'] extends 'public' ? RequestUser | null : RequestUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface HandlerResult<T> {
  /** Translation key of the success message. */
  message?: string;
  data: T;
}

/**
 * Registers one route of the contract: schema from packages/contract, the access check
 * before anything else, then the handler; the result is wrapped in the success envelope.
 */
export function addRoute<D extends RouteDef>(
  app: FastifyInstance,
  ctx: AppContext,
  def: D,
  handler: (input: HandlerInput<D>) => Promise<HandlerResult<DataOf<D>>>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    config: { access: def.access },
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(def.body ? { body: def.body } : {}),
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { 200: def.response, '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    // Access is checked before the body is validated, so a caller without the role learns nothing.
    preValidation: async (request) => {
      request.user = def.optionalAuth ? await optionalUser(ctx, request, def.optionalAuth) : await requireAccess(ctx, request, def.access);
      // Every attempt counts, valid or not: registration answers "email taken", so only
      // this limit keeps it from listing accounts in bulk; public forms are limited against spam.
      // (Login limits failures per account in its service.)
      if (def.rateLimit === 'register' || def.rateLimit === 'form') {
        const hit = ctx.limiter.hit(`${def.rateLimit}:${request.ip}`);
        const max = def.rateLimit === 'register' ? ctx.config.rateLimits.registerPerAddress : ctx.config.rateLimits.formsPerAddress;
        if (hit.count > max) throw tooManyAttempts(hit.retryAfter);
      }
    },
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as Out<D['body']>,
        query: request.query as Out<D['query']>,
        params: request.params as Out<D['params']>,
        user: request.user as HandlerInput<D>['user'],
        request,
        reply,
      });
      return { success: true, status: true, message: translate(request.lang, result.message ?? 'api.ok'), data: result.data };
    },
  });
}
