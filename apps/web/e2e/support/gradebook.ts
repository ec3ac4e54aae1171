import { addLectures, createCourse } from '../../../api/test/factories';
import { createUser, testDatabase } from '../../../api/test/harness';
import { assignmentSubmissions, assignments, enrollments, lectureProgress, quizAttempts } from '../../../api/src/db/schema';
import { addAssessment } from '../../../api/src/modules/quiz/quiz.test-kit';

const DAY = 86_400_000;

/**
 * A course of the instructor's for the gradebook's screens (docs/gradebook.md), written straight to the database as
 * the API's gradebook test does: 4 lectures, `assessments` assessments (two at least), an assignment per
 * `assignments` (one at least), and four learners named with `tag`. Ahmad finished everything and passed (his
 * assignment late); Sara enrolled 30 days ago and did nothing (at risk); Lina completed 2 lectures and failed the
 * first assessment; Iman has an answer waiting to be checked and an assignment waiting for a grade.
 */
export async function gradebookCourse(instructorId: number, tag: string, size: { assessments?: number; assignments?: number } = {}) {
  const { db } = await testDatabase();
  const course = await createCourse({ instructorId, title: `دورة الدرجات ${tag}` });
  const { section, lectures } = await addLectures(course.id, 4);
  const quizzes = [];
  for (let i = 0; i < Math.max(2, size.assessments ?? 2); i++) quizzes.push((await addAssessment(course.id, { title: `اختبار الوحدة ${i + 1}`, passMark: 60 })).assessment);
  const tasks = await db
    .insert(assignments)
    .values(Array.from({ length: Math.max(1, size.assignments ?? 1) }, (_, i) => ({ courseId: course.id, sectionId: section.id, title: `مقال قصير ${i + 1}`, kind: 'text' as const, points: 10, passMark: 50 })))
    .returning();
  const now = Date.now();
  const learner = async (name: string, enrolledDaysAgo: number, completed = false) => {
    const user = await createUser('participant', { name: `${name} ${tag}` });
    await db.insert(enrollments).values({ participantId: user.id, courseId: course.id, createdAt: new Date(now - enrolledDaysAgo * DAY), completedAt: completed ? new Date(now - DAY) : null });
    return user;
  };
  const ahmad = await learner('أحمد الفائز', 20, true);
  const sara = await learner('سارة الغائبة', 30);
  const lina = await learner('لينا الراسبة', 5);
  const iman = await learner('إيمان المنتظرة', 3);
  const progress = (participantId: number, count: number, daysAgo: number) =>
    db.insert(lectureProgress).values(
      lectures.slice(0, count).map((l) => ({ participantId, lectureId: l.id, courseId: course.id, watchedSeconds: 60, positionSeconds: 60, completedAt: new Date(now - daysAgo * DAY), updatedAt: new Date(now - daysAgo * DAY) })),
    );
  await progress(ahmad.id, 4, 2);
  await progress(lina.id, 2, 0);
  const attempt = (participantId: number, assessmentId: number, status: 'passed' | 'failed' | 'pending', score: number, daysAgo: number) =>
    db.insert(quizAttempts).values({ assessmentId, courseId: course.id, participantId, number: 1, status, passMark: 60, score, maxScore: 6, startedAt: new Date(now - daysAgo * DAY), submittedAt: new Date(now - daysAgo * DAY) });
  for (const quiz of quizzes) await attempt(ahmad.id, quiz.id, 'passed', 6, 3);
  await attempt(lina.id, quizzes[0]!.id, 'failed', 1, 1);
  await attempt(iman.id, quizzes[0]!.id, 'pending', 3, 0);
  await db.insert(assignmentSubmissions).values([
    ...tasks.map((task) => ({ assignmentId: task.id, courseId: course.id, participantId: ahmad.id, text: 'done', late: true, score: 8, gradedAt: new Date(now - DAY), gradedBy: instructorId, submittedAt: new Date(now - 2 * DAY) })),
    { assignmentId: tasks[0]!.id, courseId: course.id, participantId: iman.id, text: 'waiting', submittedAt: new Date(now) },
  ]);
  return { course, people: { ahmad, sara, lina, iman } };
}
