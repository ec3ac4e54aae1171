import type { FastifyInstance } from 'fastify';
import { quizRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { assessmentDetails, myAssessments, participantUnchecked, submitAnswers } from './take.service';
import { sendExport } from '../../lib/exports';
import { translate } from '../../lib/i18n';
import { listForReviewer, markSubmission, reviewSubmission, submissionExportRows, uncheckedForReviewer } from './review.service';

export function quizModule(app: FastifyInstance, ctx: AppContext) {
  const r = quizRoutes;
  addRoute(app, ctx, r.myAssessments, async ({ user, params, query }) => ({ data: await myAssessments(ctx, user, params.id, query.page) }));
  addRoute(app, ctx, r.details, async ({ user, params, query }) => ({ data: await assessmentDetails(ctx, user, params.id, query) }));
  addRoute(app, ctx, r.participantUnchecked, async ({ user, query }) => ({ data: await participantUnchecked(ctx, user, query.page) }));
  addRoute(app, ctx, r.answer, async ({ user, body }) => {
    const { result } = await submitAnswers(ctx, user, body);
    return { message: result.status === 'pending' ? 'api.quiz.submitted_pending' : 'api.quiz.submitted', data: result };
  });
  for (const [list, review, mark, unchecked, exported] of [
    [r.instructorList, r.instructorReview, r.instructorMark, r.instructorUnchecked, r.instructorExport],
    [r.adminList, r.adminReview, r.adminMark, r.adminUnchecked, r.adminExport],
  ] as const) {
    addRoute(app, ctx, exported, async ({ user, query, request, reply }) =>
      sendExport(reply, {
        format: query.format,
        filename: 'nibras-results',
        lang: request.lang,
        sheet: translate(request.lang, 'api.quiz.export.sheet'),
        rows: submissionExportRows(ctx, user, query, (key) => translate(request.lang, key)),
      }),
    );
    addRoute(app, ctx, list, async ({ user, query }) => ({ data: await listForReviewer(ctx, user, query) }));
    addRoute(app, ctx, review, async ({ user, params }) => ({ data: await reviewSubmission(ctx, user, params.a, params.b) }));
    addRoute(app, ctx, mark, async ({ user, body }) => ({ message: 'api.quiz.marked', data: await markSubmission(ctx, user, body) }));
    addRoute(app, ctx, unchecked, async ({ user, query }) => ({ data: await uncheckedForReviewer(ctx, user, query) }));
  }
}
