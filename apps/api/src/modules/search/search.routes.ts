import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import { searchCourses } from './search.service';
import { searchGate } from './search-gate';

/**
 * Searches running at once in this process (docs/search.md); the rest wait their turn. PGlite runs
 * one statement at a time on the server's own thread, so one is all it can do anyway; a PostgreSQL
 * server gets three of the pool's 10 connections.
 */
export function searchesAtOnce(config: Config): number {
  return config.databaseUrl ? 3 : 1;
}
/** Searches waiting their turn; any more are a 503 at once. */
export const SEARCH_MAX_WAITING = 100;
/** A search that waited this long for its turn is a 503: its reader has most likely given up. */
export const SEARCH_MAX_WAIT_MS = 10_000;

export function searchModule(app: FastifyInstance, ctx: AppContext) {
  const gate = searchGate({ running: searchesAtOnce(ctx.config), waiting: SEARCH_MAX_WAITING, waitMs: SEARCH_MAX_WAIT_MS });
  // The per-address limit is the route's (`rateLimit: 'search'`, plugins/route.ts); anonymous answers are kept briefly.
  addRoute(app, ctx, searchRoutes.search, async ({ query }) => ({ data: await gate.run(() => searchCourses(ctx.db, query)) }), { publicCache: true });
}
