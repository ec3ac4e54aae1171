import type { FastifyInstance } from 'fastify';
import { learningRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { enrolledList, learnCourse, participantDashboard, recentEnrolled, reportCompletion, reportProgress } from './learning.service';
import { startReleaseSweeps } from './release.service';
import { sweepStudyReminders } from './reminders.service';

export function learningModule(app: FastifyInstance, ctx: AppContext) {
  const r = learningRoutes;
  addRoute(app, ctx, r.course, async ({ user, params }) => ({ data: await learnCourse(ctx, user, params.id) }), { trustedAnswer: true });
  addRoute(app, ctx, r.progress, async ({ user, body }) => ({ message: 'api.learn.saved', data: await reportProgress(ctx, user, body) }));
  addRoute(app, ctx, r.complete, async ({ user, body }) => ({ message: 'api.learn.saved', data: await reportCompletion(ctx, user, body) }));
  addRoute(app, ctx, r.enrolledList, async ({ user, params, query }) => ({ data: await enrolledList(ctx, user, params.id, query.page) }));
  addRoute(app, ctx, r.recentEnrolled, async ({ user }) => ({ data: await recentEnrolled(ctx, user) }));
  addRoute(app, ctx, r.dashboard, async ({ user }) => ({ data: await participantDashboard(ctx, user) }), { trustedAnswer: true });
  // Scheduled release: every RELEASE_SWEEP_MINUTES, participants are mailed the sections that opened for them, from the
  // server's start to its close. Not in test apps: the tests sweep when they need to (sweepReleaseNotices, with their clock).
  if (ctx.config.env !== 'test') {
    // The study reminders (STUDY_REMINDER_DAYS, docs/notifications.md) ride on the same sweep.
    const sweeps = startReleaseSweeps(ctx, (error) => app.log.warn({ err: error }, 'a learning sweep (scheduled release or study reminders) failed; retried at the next interval'), [sweepStudyReminders]);
    app.addHook('onReady', async () => sweeps.start());
    app.addHook('onClose', async () => sweeps.stop());
  }
}
