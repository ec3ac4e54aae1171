import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * How JSON answers are written (issue 26, point 4). Every answer is encoded through its contract
 * schema (fastify-type-provider-zod): each field checked, unknown keys dropped. For the hot reads
 * (course page, category page, home, search, dashboard, player) that check cost more than writing
 * the JSON, and their presenters already build exactly the contract's shape (TypeScript holds them to
 * it). So a route registered as trusted (addRoute's `trustedAnswer`) is written with JSON.stringify,
 * unless `check` is on (CHECK_RESPONSES, on under the tests): then it is encoded as every other
 * answer AND must come out of the encoding unchanged, or the request fails, naming the route, so a
 * presenter that adds a field the contract lacks (a leak) or gets one wrong fails the tests.
 */
export class AnswerWriter {
  private readonly trusted = new Set<string>();

  constructor(private readonly check: boolean) {}

  /** Answers of `method url` with status 200 are trusted. Call before the route is added. */
  trust(method: string, url: string): void {
    this.trusted.add(`${method} ${url}`);
  }

  readonly compiler: FastifySerializerCompiler<unknown> = (route) => {
    const encoded = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) as (data: unknown) => string;
    if (String(route.httpStatus) !== '200' || !this.trusted.has(`${route.method} ${route.url}`)) return encoded;
    if (!this.check) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const json = encoded(data);
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data)))) {
        throw new Error(`${route.method} ${route.url}: a trusted answer is not exactly its contract's shape (a field added, missing or of another type)`);
      }
      return json;
    };
  };
}
