import type { LearnerRecord } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { progressFor } from '../learning/learning.service';
import { assessmentsRecord } from '../quiz/take.service';
import { assignmentsRecord } from '../assignments/assignments.service';
import { presentRecord } from './records.presenter';
import { courseOwner, findEnrolment, lecturesWithProgress } from './records.queries';

type Enrolment = NonNullable<Awaited<ReturnType<typeof findEnrolment>>>;

/** Everything of one enrolment a record shows: the lectures, the assessments (the quiz's) and the progress, read at once. */
async function recordOf(ctx: AppContext, enrolment: Enrolment): Promise<LearnerRecord> {
  const { courseId, participantId } = enrolment;
  const [lectures, assessments, assignments, progress] = await Promise.all([
    lecturesWithProgress(ctx.db, courseId, participantId),
    assessmentsRecord(ctx, participantId, courseId),
    assignmentsRecord(ctx, participantId, courseId),
    progressFor(ctx, participantId, [courseId]),
  ]);
  return presentRecord({ enrolment, progress: progress.get(courseId)!, lectures, assessments, assignments });
}

/** The participant's own record: 404 for a course that is gone, 403 when not enrolled (as the player answers). */
export async function ownRecord(ctx: AppContext, user: RequestUser, courseId: number): Promise<LearnerRecord> {
  const enrolment = await findEnrolment(ctx.db, courseId, user.id);
  if (enrolment) return recordOf(ctx, enrolment);
  if ((await courseOwner(ctx.db, courseId)) === undefined) throw new AppError('api.course.not_found', 404);
  throw new AppError('api.learn.not_enrolled', 403);
}

/**
 * A participant's record for the course's instructor or an admin: 404 for a course that is gone or a participant who
 * is not enrolled in it; an instructor gets 403 for another instructor's course, before anything about its learners.
 */
export async function learnerRecord(ctx: AppContext, user: RequestUser, courseId: number, participantId: number): Promise<LearnerRecord> {
  const owner = await courseOwner(ctx.db, courseId);
  if (owner === undefined) throw new AppError('api.course.not_found', 404);
  if (user.role === 'instructor' && owner !== user.id) throw new AppError('api.quiz.not_your_course', 403);
  const enrolment = await findEnrolment(ctx.db, courseId, participantId);
  if (!enrolment) throw new AppError('api.records.not_enrolled', 404);
  return recordOf(ctx, enrolment);
}
