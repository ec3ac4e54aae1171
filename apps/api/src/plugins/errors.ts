import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { AppError } from '../lib/app-error';
import { hasTranslation, translate, type Language } from '../lib/i18n';

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function issueMessage(lang: Language, issue: Issue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined
        ? translate(lang, 'api.validation.required')
        : translate(lang, 'api.validation.invalid_type');
    case 'too_small':
      if (issue.origin === 'string') return translate(lang, 'api.validation.too_short', { count: Number(issue.minimum) });
      if (issue.origin === 'array') return translate(lang, 'api.validation.too_few', { count: Number(issue.minimum) });
      return translate(lang, 'api.validation.too_small', { count: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return translate(lang, 'api.validation.too_long', { count: Number(issue.maximum) });
      if (issue.origin === 'array') return translate(lang, 'api.validation.too_many', { count: Number(issue.maximum) });
      return translate(lang, 'api.validation.too_big', { count: Number(issue.maximum) });
    case 'invalid_format':
      return translate(lang, issue.format === 'email' ? 'api.validation.email' : 'api.validation.invalid_format');
    case 'invalid_value':
      return translate(lang, 'api.validation.invalid_value');
    case 'custom':
      return translate(lang, hasTranslation(issue.message) ? issue.message : 'api.validation.invalid');
    default:
      return translate(lang, 'api.validation.invalid');
  }
}

/** Field path -> translated message; extra fields each get their own entry. */
export function fieldErrors(lang: Language, error: ZodError, input: unknown, context = 'body'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out[[...base, key].join('.')] ??= translate(lang, 'api.validation.unknown_field');
      continue;
    }
    const field = base.length ? base.join('.') : context;
    out[field] ??= issueMessage(lang, issue, input);
  }
  return out;
}

function envelopeOf(lang: Language, messageKey: string, errors: Record<string, string> = {}, params = {}) {
  return { success: false, status: false, message: translate(lang, messageKey, params), errors };
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

/** One envelope for every failure; 5xx bodies never carry internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(lang, v, error.params)]));
      return reply.status(error.statusCode).headers(error.headers).send(envelopeOf(lang, error.code, fields, error.params));
    }
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelopeOf(lang, 'api.error.internal'));
  });
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(envelopeOf(request.lang, 'api.error.not_found'));
}
