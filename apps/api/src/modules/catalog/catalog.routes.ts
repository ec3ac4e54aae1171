import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { categoryPage, courseDetails, homePage, publicReviews, startEnrolmentFolds } from './catalog.service';

export function catalogModule(app: FastifyInstance, ctx: AppContext) {
  // Anonymous visitors' answers are kept encoded for a few seconds and dropped on any catalog change.
  // Hot reads: written without encoding through the contract outside the tests (plugins/answers.ts).
  const publicCache = { publicCache: true, trustedAnswer: true };
  addRoute(app, ctx, catalogRoutes.home, async () => ({ data: await homePage(ctx) }), publicCache);
  addRoute(app, ctx, catalogRoutes.category, async ({ params, query }) => ({ data: await categoryPage(ctx, params.id, query) }), publicCache);
  // p_id in the body is the spec's; the token, when there is one, decides who is asking (and is never cached).
  addRoute(app, ctx, catalogRoutes.details, async ({ params, user }) => ({ data: await courseDetails(ctx, params.id, user) }), publicCache);
  addRoute(app, ctx, catalogRoutes.reviews, async ({ params, query }) => ({ data: await publicReviews(ctx, params.id, query.page) }), publicCache);
  // The enrolment counters' pending deltas folded in every few seconds (migration 0013), from the server's
  // start to its close. Not in test apps: a statement of its own at any moment would disturb the tests
  // that capture statements; the tests fold when they need to (foldEnrolments).
  if (ctx.config.env !== 'test') {
    const folds = startEnrolmentFolds(ctx, (error) => app.log.warn({ err: error }, 'folding the enrolment counters failed; retried at the next interval'));
    app.addHook('onReady', async () => folds.start());
    app.addHook('onClose', async () => folds.stop());
  }
}
