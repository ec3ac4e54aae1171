import { ANSWERS_PER_PAGE, QUESTIONS_PER_PAGE, mailLinks, type QuestionAnswer, type QuestionPostKind, type Role } from '@nibras/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hitPerClockMinute } from '../../lib/rate-limiter';
import { sanitizePlainText, withoutInvisibleControls } from '../../lib/sanitize';
import { buildSearchText, isStopWord, normalizeSearchText, searchTokens } from '../../lib/search-text';
import { notify } from '../notifications/notifications.service';
import { presentAnswer, presentQuestion } from './questions.presenter';
import {
  answerPage,
  answerRow,
  courseHead,
  deletePost,
  findAnswer,
  findQuestion,
  insertAnswer,
  insertQuestion,
  lectureHead,
  questionPage,
  questionRow,
  recordModeration,
  refreshAnswerStats,
  toggleUpvote,
  updateAnswer,
  updateQuestion,
  type CourseHead,
  type QuestionFilter,
} from './questions.queries';

export interface Viewer {
  id: number;
  role: Role;
}

/** What the viewer may do in a course: read and write (everyone who passes), moderate, accept. */
interface Access {
  course: CourseHead;
  moderator: boolean;
  instructor: boolean;
}

/** Words of a search at most: each one is a LIKE on the trigram index. */
const MAX_SEARCH_WORDS = 8;
const EXCERPT = 200;

const notFound = (code = 'api.questions.not_found') => new AppError(code, 404);

/**
 * Only the course's participants, its instructor and admins read or write its questions (docs/questions.md):
 * a course that is gone is a 404, someone else's a 403.
 */
async function accessTo(db: Db, viewer: Viewer, courseId: number): Promise<Access> {
  const course = await courseHead(db, courseId, viewer.id);
  if (!course) throw notFound('api.questions.course_not_found');
  const instructor = viewer.role === 'instructor' && course.instructorId === viewer.id;
  const allowed = viewer.role === 'admin' || instructor || (viewer.role === 'participant' && course.enrolled);
  if (!allowed) throw new AppError('api.questions.not_allowed', 403);
  return { course, moderator: viewer.role === 'admin' || instructor, instructor };
}

/** Writes count against the same budget per minute as messages (MESSAGES_MAX_PER_MINUTE), on a key of their own. */
function countWrite(ctx: AppContext, viewer: Viewer) {
  return hitPerClockMinute(ctx.limiter, `questions:${viewer.id}`, ctx.config.rateLimits.messagesPerMinute, 'api.questions.too_many', ctx.now());
}

/** As messages: no markup, no invisible controls. */
function cleanText(text: string, field: string, required: boolean): string {
  const clean = sanitizePlainText(withoutInvisibleControls(text));
  if (!clean && required) throw new AppError('api.validation.failed', 400, { fields: { [field]: 'api.questions.empty' } });
  return clean;
}

/** A search's words, folded as course search folds them; the function words only when there is nothing else. */
export function searchWords(search: string | undefined): string[] {
  const tokens = searchTokens(normalizeSearchText(search ?? ''));
  const meaningful = tokens.filter((w) => !isStopWord(w));
  return (meaningful.length ? meaningful : tokens).slice(0, MAX_SEARCH_WORDS);
}

async function page(ctx: AppContext, viewer: Viewer, filter: QuestionFilter, seesHidden: boolean, pageNumber: number) {
  const perPage = QUESTIONS_PER_PAGE;
  const { rows, total } = await questionPage(ctx.db, filter, { id: viewer.id, seesHidden }, perPage, (pageNumber - 1) * perPage);
  return { items: rows.map((r) => presentQuestion(r, viewer.id)), page: pageNumber, perPage, total };
}

export async function lectureQuestions(ctx: AppContext, viewer: Viewer, lectureId: number, pageNumber: number) {
  const lecture = await lectureHead(ctx.db, lectureId);
  if (!lecture) throw notFound('api.questions.lecture_not_found');
  const access = await accessTo(ctx.db, viewer, lecture.courseId);
  return page(ctx, viewer, { lectureId }, access.moderator, pageNumber);
}

export async function courseQuestions(ctx: AppContext, viewer: Viewer, courseId: number, query: { search?: string | undefined; page: number }) {
  const access = await accessTo(ctx.db, viewer, courseId);
  return page(ctx, viewer, { courseId, words: searchWords(query.search) }, access.moderator, query.page);
}

/** The instructor's courses' questions (an admin's: every course's): unanswered oldest first, or every one newest first. */
export async function questionQueue(ctx: AppContext, viewer: Viewer, query: { scope: 'unanswered' | 'recent'; page: number }) {
  return page(ctx, viewer, { queue: query.scope, instructorId: viewer.role === 'admin' ? null : viewer.id }, true, query.page);
}

/** A question the viewer may see: its course's people, and a hidden one only for its moderators. */
async function visibleQuestion(ctx: AppContext, viewer: Viewer, id: number) {
  const question = await findQuestion(ctx.db, id);
  if (!question) throw notFound();
  const access = await accessTo(ctx.db, viewer, question.courseId);
  if (question.hiddenAt && !access.moderator) throw notFound();
  return { question, access };
}

export async function openThread(ctx: AppContext, viewer: Viewer, id: number, pageNumber: number) {
  const { question, access } = await visibleQuestion(ctx, viewer, id);
  const perPage = ANSWERS_PER_PAGE;
  const [row, answers] = await Promise.all([
    questionRow(ctx.db, id, viewer.id),
    answerPage(ctx.db, question, { id: viewer.id, seesHidden: access.moderator }, perPage, (pageNumber - 1) * perPage),
  ]);
  if (!row) throw notFound();
  const about = { acceptedAnswerId: question.acceptedAnswerId, instructorId: access.course.instructorId };
  return {
    question: presentQuestion(row, viewer.id),
    answers: answers.rows.map((a) => presentAnswer(a, viewer.id, about)),
    page: pageNumber,
    perPage,
    total: answers.total,
    canModerate: access.moderator,
    canAccept: access.instructor,
  };
}

export async function askQuestion(ctx: AppContext, viewer: Viewer, body: { lecture_id: number; title: string; body: string; position_seconds?: number | null | undefined }) {
  const title = cleanText(body.title, 'title', true);
  const text = cleanText(body.body, 'body', false);
  const lecture = await lectureHead(ctx.db, body.lecture_id);
  if (!lecture) throw new AppError('api.questions.lecture_not_found', 404, { fields: { lecture_id: 'api.questions.lecture_not_found' } });
  await accessTo(ctx.db, viewer, lecture.courseId);
  await countWrite(ctx, viewer);
  const now = new Date(ctx.now());
  const created = await insertQuestion(ctx.db, {
    courseId: lecture.courseId,
    lectureId: lecture.id,
    authorId: viewer.id,
    title,
    body: text,
    positionSeconds: body.position_seconds ?? null,
    searchText: buildSearchText([title, text]),
    createdAt: now,
    updatedAt: now,
  });
  return presentQuestion((await questionRow(ctx.db, created.id, viewer.id))!, viewer.id);
}

/**
 * A new answer: the one place an answer is created (a notification to the question's author belongs here,
 * after the commit).
 */
export async function answerQuestion(ctx: AppContext, viewer: Viewer, questionId: number, body: { body: string }): Promise<QuestionAnswer> {
  const text = cleanText(body.body, 'body', true);
  const { question, access } = await visibleQuestion(ctx, viewer, questionId);
  await countWrite(ctx, viewer);
  const now = new Date(ctx.now());
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertAnswer(tx, { questionId, authorId: viewer.id, body: text, createdAt: now, updatedAt: now });
    await refreshAnswerStats(tx, questionId);
    return row;
  });
  const row = (await answerRow(ctx.db, created.id, viewer.id))!;
  const answer = presentAnswer(row, viewer.id, { acceptedAnswerId: question.acceptedAnswerId, instructorId: access.course.instructorId });
  // The question's author and the lecture's instructor hear of it in the header's bell (docs/notifications.md), not the answerer.
  const params = { name: answer.author.name, title: question.title, course: access.course.title };
  // Only participants ask (the participantAsk route): the author's link is the lecture in their player.
  if (question.authorId !== viewer.id) await notify(ctx, question.authorId, 'answer', params, `${mailLinks.learn(question.courseId)}?lecture=${question.lectureId}`);
  if (access.course.instructorId !== viewer.id && access.course.instructorId !== question.authorId) {
    await notify(ctx, access.course.instructorId, 'answer', params, '/instructor/questions');
  }
  return answer;
}

/** A post the viewer may see, with what the viewer may do in its course. */
async function visiblePost(ctx: AppContext, viewer: Viewer, kind: QuestionPostKind, id: number) {
  if (kind === 'question') {
    const { question, access } = await visibleQuestion(ctx, viewer, id);
    return { access, authorId: question.authorId, questionId: question.id, hidden: question.hiddenAt !== null, excerpt: `${question.title} ${question.body}`.trim() };
  }
  const found = await findAnswer(ctx.db, id);
  if (!found) throw notFound('api.questions.answer_not_found');
  const access = await accessTo(ctx.db, viewer, found.courseId);
  if ((found.answer.hiddenAt || found.questionHiddenAt) && !access.moderator) throw notFound('api.questions.answer_not_found');
  return { access, authorId: found.answer.authorId, questionId: found.answer.questionId, hidden: found.answer.hiddenAt !== null, excerpt: found.answer.body };
}

export async function upvote(ctx: AppContext, viewer: Viewer, body: { kind: QuestionPostKind; id: number }) {
  const post = await visiblePost(ctx, viewer, body.kind, body.id);
  if (post.authorId === viewer.id) throw new AppError('api.questions.own_upvote', 403, { fields: { id: 'api.questions.own_upvote' } });
  const result = await toggleUpvote(ctx.db, body.kind, body.id, viewer.id);
  return { kind: body.kind, id: body.id, ...result };
}

/** The author edits their own post. */
export async function editPost(ctx: AppContext, viewer: Viewer, body: { kind: QuestionPostKind; id: number; title?: string | undefined; body: string }) {
  const post = await visiblePost(ctx, viewer, body.kind, body.id);
  if (post.authorId !== viewer.id) throw new AppError('api.questions.not_author', 403);
  const now = new Date(ctx.now());
  if (body.kind === 'question') {
    const current = (await findQuestion(ctx.db, body.id))!;
    const title = body.title === undefined ? current.title : cleanText(body.title, 'title', true);
    const text = cleanText(body.body, 'body', false);
    await countWrite(ctx, viewer);
    await updateQuestion(ctx.db, body.id, { title, body: text, searchText: buildSearchText([title, text]), updatedAt: now });
  } else {
    const text = cleanText(body.body, 'body', true);
    await countWrite(ctx, viewer);
    await updateAnswer(ctx.db, body.id, { body: text, updatedAt: now });
  }
  return { kind: body.kind, id: body.id };
}

/** The author deletes their own post; the course's instructor and admins anyone's, with a reason (recorded). */
export async function removePost(ctx: AppContext, viewer: Viewer, body: { kind: QuestionPostKind; id: number; reason?: string | undefined }) {
  const post = await visiblePost(ctx, viewer, body.kind, body.id);
  const own = post.authorId === viewer.id;
  if (!own && !post.access.moderator) throw new AppError('api.questions.not_author', 403);
  const reason = body.reason ? cleanText(body.reason, 'reason', false) : '';
  if (!own && !reason) throw new AppError('api.validation.failed', 400, { fields: { reason: 'api.questions.reason_required' } });
  await ctx.db.transaction(async (tx) => {
    await deletePost(tx, body.kind, body.id);
    if (body.kind === 'answer') await refreshAnswerStats(tx, post.questionId);
    if (!own) {
      await recordModeration(tx, {
        courseId: post.access.course.id, kind: body.kind, postId: body.id, action: 'delete', reason, actorId: viewer.id, authorId: post.authorId,
        excerpt: post.excerpt.slice(0, EXCERPT), createdAt: new Date(ctx.now()),
      });
    }
  });
  return { kind: body.kind, id: body.id };
}

/** Hides a post from participants (reason recorded), or shows it again: the course's instructor and admins. */
export async function setHidden(ctx: AppContext, viewer: Viewer, body: { kind: QuestionPostKind; id: number; reason?: string }, hide: boolean) {
  const post = await visiblePost(ctx, viewer, body.kind, body.id);
  if (!post.access.moderator) throw new AppError('api.questions.not_allowed', 403);
  const reason = hide ? cleanText(body.reason ?? '', 'reason', false) : null;
  if (hide && !reason) throw new AppError('api.validation.failed', 400, { fields: { reason: 'api.questions.reason_required' } });
  const values = hide ? { hiddenAt: new Date(ctx.now()), hiddenBy: viewer.id, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null };
  await ctx.db.transaction(async (tx) => {
    if (body.kind === 'question') await updateQuestion(tx, body.id, values);
    else {
      await updateAnswer(tx, body.id, values);
      await refreshAnswerStats(tx, post.questionId);
    }
    await recordModeration(tx, {
      courseId: post.access.course.id, kind: body.kind, postId: body.id, action: hide ? 'hide' : 'unhide', reason, actorId: viewer.id, authorId: post.authorId,
      excerpt: post.excerpt.slice(0, EXCERPT), createdAt: new Date(ctx.now()),
    });
  });
  return { kind: body.kind, id: body.id };
}

/** The course's instructor accepts one answer (not hidden) of a question, or none. */
export async function acceptAnswer(ctx: AppContext, viewer: Viewer, questionId: number, answerId: number | null) {
  const { access } = await visibleQuestion(ctx, viewer, questionId);
  if (!access.instructor) throw new AppError('api.questions.not_allowed', 403);
  if (answerId !== null) {
    const found = await findAnswer(ctx.db, answerId);
    if (!found || found.answer.questionId !== questionId) throw new AppError('api.questions.answer_not_found', 404, { fields: { answer_id: 'api.questions.answer_not_found' } });
    if (found.answer.hiddenAt) throw new AppError('api.questions.answer_hidden', 409, { fields: { answer_id: 'api.questions.answer_hidden' } });
  }
  await updateQuestion(ctx.db, questionId, { acceptedAnswerId: answerId });
  return presentQuestion((await questionRow(ctx.db, questionId, viewer.id))!, viewer.id);
}
