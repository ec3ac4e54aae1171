import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_READ_TTL_MS } from '../lib/ttl-cache';
import type { AppContext } from '../context';

/**
 * The encoded answers of anonymous public reads, kept for PUBLIC_READ_TTL_MS and dropped with the
 * catalog (invalidateCatalog). A hit costs no query, no serialisation and no compression: the
 * JSON as sent, and each compressed form made once when a browser first asks for it.
 */
interface CachedAnswer {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Where invalidations stood when a miss began reading: an answer read across one is not kept. */
const missGeneration = new WeakMap<FastifyRequest, number>();

const keyOf = (request: FastifyRequest) => `${request.method} ${request.url} ${request.lang}`;

/** Only callers without a token: a participant's course page carries their own state. */
export const isAnonymous = (request: FastifyRequest) => !request.headers.authorization;

/** The encoding a browser prefers among ours: brotli, then gzip, else none. */
export function encodingFor(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Answers from the cache when it can; true when it did (the route's handler is then skipped). Only to
 * anonymous callers, unless the route's answer is the same for everyone (`forEveryone`: search).
 */
export function sendCachedAnswer(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, forEveryone = false): boolean {
  if (!forEveryone && !isAnonymous(request)) return false;
  const answer = ctx.publicResponses.peek<CachedAnswer>(keyOf(request));
  if (!answer) {
    missGeneration.set(request, ctx.publicResponses.currentGeneration);
    return false;
  }
  const encoding = encodingFor(request.headers['accept-encoding']);
  let body = answer.json;
  if (encoding === 'br') body = answer.br ??= brotliCompressSync(answer.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
  if (encoding === 'gzip') body = answer.gzip ??= gzipSync(answer.json);
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding').header('content-length', body.length);
  if (encoding) reply.header('content-encoding', encoding);
  void reply.send(body);
  return true;
}

/** Keeps a miss's answer (the JSON exactly as the route serialised it) for the next visitors. */
export function rememberAnswer(ctx: AppContext, request: FastifyRequest, json: string): void {
  const generation = missGeneration.get(request);
  if (generation === undefined) return;
  ctx.publicResponses.setIfCurrent(keyOf(request), { json: Buffer.from(json) } satisfies CachedAnswer, PUBLIC_READ_TTL_MS, generation);
}
