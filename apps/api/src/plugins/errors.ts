import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { issueMessages } from '@nibras/contract';
import { AppError } from '../lib/app-error';
import { hasTranslation, translate, type Language } from '../lib/i18n';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Field path -> translated message, the contract's wording (issueMessages), in the caller's language. */
export function fieldErrors(lang: Language, error: ZodError, input: unknown, context = 'body'): Record<string, string> {
  const messages = issueMessages(error.issues, input, hasTranslation, context);
  return Object.fromEntries(Object.entries(messages).map(([field, m]) => [field, translate(lang, m.key, m.params)]));
}

function envelopeOf(lang: Language, messageKey: string, errors: Record<string, string> = {}, params = {}) {
  return { success: false, status: false, message: translate(lang, messageKey, params), errors };
}

/** An AppError's envelope in the reader's language: its message and its fields' messages translated. */
export function appErrorEnvelope(lang: Language, error: AppError) {
  const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(lang, v, error.params)]));
  return envelopeOf(lang, error.code, fields, error.params);
}

const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'api.error.malformed_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'api.error.malformed_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'api.error.too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'api.error.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'api.error.bad_request',
};

function inputOf(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

/** Seconds a client is told to wait when the database cannot be reached (503). */
export const DATABASE_RETRY_AFTER_S = 5;

/** One envelope for every failure; 5xx bodies never carry internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const lang = request.lang;
    if (error instanceof AppError) return reply.status(error.statusCode).headers(error.headers).send(appErrorEnvelope(lang, error));
    const validationContext = (error as { validationContext?: string }).validationContext;
    if (error instanceof ZodError) {
      const context = validationContext ?? 'body';
      return reply.status(400).send(envelopeOf(lang, 'api.validation.failed', fieldErrors(lang, error, inputOf(request, context), context)));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = frameworkMessages[(error as FastifyError).code ?? ''] ?? (error instanceof SyntaxError ? 'api.error.malformed_body' : 'api.error.bad_request');
      return reply.status(status).send(envelopeOf(lang, key));
    }
    if (isDatabaseUnavailable(error)) {
      // The pool reconnects by itself: the client is told when to try again, and the log says why once per request.
      request.log.warn({ err: { message: (error as Error).message, code: (error as { code?: string }).code } }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send(envelopeOf(lang, 'api.error.database_unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelopeOf(lang, 'api.error.internal'));
  });
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(envelopeOf(request.lang, 'api.error.not_found'));
}

/** A known path asked with a method it does not serve. */
export function sendMethodNotAllowed(request: FastifyRequest, reply: FastifyReply, allowed: string[]) {
  return reply.status(405).header('allow', allowed.join(', ')).send(envelopeOf(request.lang, 'api.error.method_not_allowed'));
}
