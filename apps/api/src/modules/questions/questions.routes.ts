import type { FastifyInstance } from 'fastify';
import { questionRoutes, questionRoutesOf, type Role } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import {
  acceptAnswer,
  answerQuestion,
  askQuestion,
  courseQuestions,
  editPost,
  lectureQuestions,
  openThread,
  questionQueue,
  removePost,
  setHidden,
  upvote,
} from './questions.service';

export function questionsModule(app: FastifyInstance, ctx: AppContext) {
  const viewer = (user: RequestUser) => ({ id: user.id, role: user.role as Role });

  for (const role of ['participant', 'instructor', 'admin'] as const) {
    const r = questionRoutesOf(role);
    addRoute(app, ctx, r.lecture, async ({ user, params, query }) => ({ data: await lectureQuestions(ctx, viewer(user), params.id, query.page) }));
    addRoute(app, ctx, r.course, async ({ user, params, query }) => ({ data: await courseQuestions(ctx, viewer(user), params.id, query) }));
    addRoute(app, ctx, r.thread, async ({ user, params, query }) => ({ data: await openThread(ctx, viewer(user), params.id, query.page) }));
    addRoute(app, ctx, r.answer, async ({ user, params, body }) => ({ message: 'api.questions.answered', data: await answerQuestion(ctx, viewer(user), params.id, body) }));
    addRoute(app, ctx, r.upvote, async ({ user, body }) => ({ data: await upvote(ctx, viewer(user), body) }));
    addRoute(app, ctx, r.edit, async ({ user, body }) => ({ message: 'api.questions.edited', data: await editPost(ctx, viewer(user), body) }));
    addRoute(app, ctx, r.remove, async ({ user, body }) => ({ message: 'api.questions.deleted', data: await removePost(ctx, viewer(user), body) }));
  }
  for (const role of ['instructor', 'admin'] as const) {
    const r = questionRoutesOf(role);
    addRoute(app, ctx, r.hide, async ({ user, body }) => ({ message: 'api.questions.hidden', data: await setHidden(ctx, viewer(user), body, true) }));
    addRoute(app, ctx, r.unhide, async ({ user, body }) => ({ message: 'api.questions.shown', data: await setHidden(ctx, viewer(user), body, false) }));
    addRoute(app, ctx, r.queue, async ({ user, query }) => ({ data: await questionQueue(ctx, viewer(user), query) }));
  }
  addRoute(app, ctx, questionRoutes.participantAsk, async ({ user, body }) => ({ message: 'api.questions.asked', data: await askQuestion(ctx, viewer(user), body) }));
  addRoute(app, ctx, questionRoutes.instructorAccept, async ({ user, params, body }) => ({ data: await acceptAnswer(ctx, viewer(user), params.id, body.answer_id) }));
}
