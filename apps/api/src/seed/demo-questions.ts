import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses, lectures, questionAnswers, questions } from '../db/schema';
import { buildSearchText } from '../lib/search-text';

const daysAgo = (days: number, hours = 0) => new Date(Date.now() - (days * 24 + hours) * 3600_000);

/**
 * Questions on the demo lectures (docs/questions.md): on the Python course's first lecture, one answered by a
 * participant and accepted, one still waiting in instructor@'s queue; one on the TypeScript course waiting
 * for instructor2@.
 */
export async function seedDemoQuestions(tx: Db, ids: { pythonCourse: number; typescriptCourse: number; asker: number; other: number }): Promise<void> {
  const firstLecture = async (courseId: number) => {
    const [row] = await tx.select({ id: lectures.id }).from(lectures).where(eq(lectures.courseId, courseId)).orderBy(asc(lectures.position), asc(lectures.id)).limit(1);
    const [course] = await tx.select({ instructorId: courses.instructorId }).from(courses).where(eq(courses.id, courseId));
    return { lectureId: row!.id, instructorId: course!.instructorId };
  };
  const python = await firstLecture(ids.pythonCourse);
  const typescript = await firstLecture(ids.typescriptCourse);
  const ask = async (courseId: number, lectureId: number, authorId: number, title: string, body: string, positionSeconds: number | null, at: Date) => {
    const [row] = await tx
      .insert(questions)
      .values({ courseId, lectureId, authorId, title, body, positionSeconds, searchText: buildSearchText([title, body]), createdAt: at, updatedAt: at })
      .returning({ id: questions.id });
    return row!.id;
  };
  const answer = async (questionId: number, authorId: number, body: string, at: Date) => {
    const [row] = await tx.insert(questionAnswers).values({ questionId, authorId, body, createdAt: at, updatedAt: at }).returning({ id: questionAnswers.id });
    return row!.id;
  };

  const printQuestion = await ask(ids.pythonCourse, python.lectureId, ids.asker, 'لماذا نكتب print بين قوسين؟', 'في الدقيقة الأولى كتب المدرّب print("مرحبا"). هل الأقواس ضرورية دائمًا؟', 12, daysAgo(6));
  const accepted = await answer(printQuestion, ids.other, 'نعم، في بايثون 3 صارت print دالة، والدوال تُستدعى بالأقواس.', daysAgo(5, 20));
  await answer(printQuestion, python.instructorId, 'إجابة صحيحة. وفي بايثون 2 القديمة كانت print تُكتب من غير أقواس.', daysAgo(5, 18));
  await tx.update(questions).set({ acceptedAnswerId: accepted, answerCount: 2, instructorAnswered: true }).where(eq(questions.id, printQuestion));

  await ask(ids.pythonCourse, python.lectureId, ids.other, 'هل أحتاج إلى تثبيت محرر خاص؟', 'أستخدم المفكرة في ويندوز، فهل تكفي للتمارين؟', null, daysAgo(2));

  await ask(ids.typescriptCourse, typescript.lectureId, ids.asker, 'type or interface?', 'When should I prefer an interface over a type alias?', 95, daysAgo(3));
}
