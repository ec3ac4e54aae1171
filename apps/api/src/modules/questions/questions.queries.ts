import { and, asc, count, desc, eq, isNull, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QuestionPostKind } from '@nibras/contract';
import type { Db } from '../../db/client';
import { answerUpvotes, courses, enrollments, lectures, questionAnswers, questionModeration, questions, questionUpvotes, users } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

export type QuestionRecord = typeof questions.$inferSelect;
export type AnswerRecord = typeof questionAnswers.$inferSelect;

/** The live course (not deleted) and whether the user is enrolled in it. */
export async function courseHead(db: Db, courseId: number, userId: number) {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      instructorId: courses.instructorId,
      enrolled: sql<boolean>`exists (select 1 from ${enrollments} e where e.course_id = ${courses}.id and e.participant_id = ${userId})`,
    })
    .from(courses)
    .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row;
}
export type CourseHead = NonNullable<Awaited<ReturnType<typeof courseHead>>>;

export async function lectureHead(db: Db, lectureId: number) {
  const [row] = await db.select({ id: lectures.id, courseId: lectures.courseId }).from(lectures).where(eq(lectures.id, lectureId));
  return row;
}

export async function findQuestion(db: Db, id: number): Promise<QuestionRecord | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row;
}

/** An answer with its question's course, acceptance and hiding. */
export async function findAnswer(db: Db, id: number) {
  const [row] = await db
    .select({ answer: questionAnswers, courseId: questions.courseId, acceptedAnswerId: questions.acceptedAnswerId, questionHiddenAt: questions.hiddenAt })
    .from(questionAnswers)
    .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
    .where(eq(questionAnswers.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------
// lists

const author = alias(users, 'author');
const hider = alias(users, 'hider');

function questionColumns(viewerId: number) {
  return {
    q: questions,
    courseTitle: courses.title,
    instructorId: courses.instructorId,
    lectureTitle: lectures.title,
    authorName: sql<string>`coalesce(${author.name}, '')`,
    authorRole: sql<'admin' | 'instructor' | 'participant'>`coalesce(${author.role}, 'participant')`,
    hiddenByName: hider.name,
    upvoted: sql<boolean>`exists (select 1 from ${questionUpvotes} u where u.question_id = ${questions.id} and u.user_id = ${viewerId})`,
  };
}
export type QuestionRow = { q: QuestionRecord; courseTitle: string; instructorId: number; lectureTitle: string; authorName: string; authorRole: 'admin' | 'instructor' | 'participant'; hiddenByName: string | null; upvoted: boolean };

function selectQuestions(db: Db, viewerId: number) {
  return db
    .select(questionColumns(viewerId))
    .from(questions)
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .innerJoin(lectures, eq(lectures.id, questions.lectureId))
    .leftJoin(author, eq(author.id, questions.authorId))
    .leftJoin(hider, eq(hider.id, questions.hiddenBy));
}

export type QuestionFilter =
  | { lectureId: number }
  | { courseId: number; words: string[] }
  | { queue: 'unanswered' | 'recent'; instructorId: number | null };

/** Unanswered: none accepted, no answer of the course's instructor, not hidden (questions_unanswered_idx). */
const unanswered = sql`${questions.acceptedAnswerId} is null and not ${questions.instructorAnswered} and ${questions.hiddenAt} is null`;

export async function questionPage(db: Db, filter: QuestionFilter, viewer: { id: number; seesHidden: boolean }, limit: number, offset: number) {
  const parts: (SQL | undefined)[] = [];
  let order: SQL[] = [desc(questions.createdAt), desc(questions.id)];
  if ('lectureId' in filter) parts.push(eq(questions.lectureId, filter.lectureId));
  else if ('courseId' in filter) {
    parts.push(eq(questions.courseId, filter.courseId));
    for (const word of filter.words) parts.push(like(questions.searchText, containsPattern(word)));
  } else {
    parts.push(isNull(courses.deletedAt));
    if (filter.instructorId !== null) parts.push(eq(courses.instructorId, filter.instructorId));
    if (filter.queue === 'unanswered') {
      parts.push(unanswered);
      order = [asc(questions.createdAt), asc(questions.id)];
    }
  }
  if (!viewer.seesHidden) parts.push(isNull(questions.hiddenAt));
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    selectQuestions(db, viewer.id).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: count() }).from(questions).innerJoin(courses, eq(courses.id, questions.courseId)).where(where),
  ]);
  return { rows: rows as QuestionRow[], total: total?.n ?? 0 };
}

export async function questionRow(db: Db, id: number, viewerId: number): Promise<QuestionRow | undefined> {
  const [row] = await selectQuestions(db, viewerId).where(eq(questions.id, id));
  return row as QuestionRow | undefined;
}

export type AnswerRow = { a: AnswerRecord; authorName: string; authorRole: 'admin' | 'instructor' | 'participant'; hiddenByName: string | null; upvoted: boolean };

function selectAnswers(db: Db, viewerId: number) {
  return db
    .select({
      a: questionAnswers,
      authorName: sql<string>`coalesce(${author.name}, '')`,
      authorRole: sql<'admin' | 'instructor' | 'participant'>`coalesce(${author.role}, 'participant')`,
      hiddenByName: hider.name,
      upvoted: sql<boolean>`exists (select 1 from ${answerUpvotes} u where u.answer_id = ${questionAnswers.id} and u.user_id = ${viewerId})`,
    })
    .from(questionAnswers)
    .leftJoin(author, eq(author.id, questionAnswers.authorId))
    .leftJoin(hider, eq(hider.id, questionAnswers.hiddenBy));
}

/** A question's answers: the accepted one first, then the most upvoted, then the oldest. */
export async function answerPage(db: Db, question: { id: number; acceptedAnswerId: number | null }, viewer: { id: number; seesHidden: boolean }, limit: number, offset: number) {
  const where = and(eq(questionAnswers.questionId, question.id), viewer.seesHidden ? undefined : isNull(questionAnswers.hiddenAt));
  const [rows, [total]] = await Promise.all([
    selectAnswers(db, viewer.id)
      .where(where)
      .orderBy(sql`${questionAnswers.id} = ${question.acceptedAnswerId ?? 0} desc`, desc(questionAnswers.upvoteCount), asc(questionAnswers.createdAt), asc(questionAnswers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(questionAnswers).where(where),
  ]);
  return { rows: rows as AnswerRow[], total: total?.n ?? 0 };
}

export async function answerRow(db: Db, id: number, viewerId: number): Promise<AnswerRow | undefined> {
  const [row] = await selectAnswers(db, viewerId).where(eq(questionAnswers.id, id));
  return row as AnswerRow | undefined;
}

// ---------------------------------------------------------------------------------------------
// writes

export async function insertQuestion(db: Db, values: typeof questions.$inferInsert): Promise<QuestionRecord> {
  const [row] = await db.insert(questions).values(values).returning();
  return row!;
}

export async function insertAnswer(db: Db, values: typeof questionAnswers.$inferInsert): Promise<AnswerRecord> {
  const [row] = await db.insert(questionAnswers).values(values).returning();
  return row!;
}

/** answer_count and instructor_answered from the question's answers not hidden; an accepted answer hidden since is no longer accepted. */
export async function refreshAnswerStats(db: Db, questionId: number): Promise<void> {
  await db.execute(sql`
    update ${questions} q set
      answer_count = (select count(*) from ${questionAnswers} a where a.question_id = q.id and a.hidden_at is null),
      instructor_answered = exists (
        select 1 from ${questionAnswers} a join ${courses} c on c.id = q.course_id
        where a.question_id = q.id and a.hidden_at is null and a.author_id = c.instructor_id),
      accepted_answer_id = case when exists (select 1 from ${questionAnswers} a where a.id = q.accepted_answer_id and a.hidden_at is null)
        then q.accepted_answer_id else null end
    where q.id = ${questionId}`);
}

export async function updateQuestion(db: Db, id: number, values: Partial<Pick<QuestionRecord, 'title' | 'body' | 'searchText' | 'acceptedAnswerId' | 'updatedAt' | 'hiddenAt' | 'hiddenBy' | 'hiddenReason'>>) {
  await db.update(questions).set(values).where(eq(questions.id, id));
}

export async function updateAnswer(db: Db, id: number, values: Partial<Pick<AnswerRecord, 'body' | 'updatedAt' | 'hiddenAt' | 'hiddenBy' | 'hiddenReason'>>) {
  await db.update(questionAnswers).set(values).where(eq(questionAnswers.id, id));
}

export async function deletePost(db: Db, kind: QuestionPostKind, id: number): Promise<void> {
  if (kind === 'question') await db.delete(questions).where(eq(questions.id, id));
  else await db.delete(questionAnswers).where(eq(questionAnswers.id, id));
}

export async function recordModeration(db: Db, values: typeof questionModeration.$inferInsert): Promise<void> {
  await db.insert(questionModeration).values(values);
}

/**
 * Adds the user's upvote of a post, or takes it back when there is one; the post's count follows.
 * One transaction: the two statements belong together.
 */
export function toggleUpvote(db: Db, kind: QuestionPostKind, postId: number, userId: number): Promise<{ upvoted: boolean; upvotes: number }> {
  return db.transaction(async (tx) => {
    if (kind === 'question') {
      const removed = await tx.delete(questionUpvotes).where(and(eq(questionUpvotes.questionId, postId), eq(questionUpvotes.userId, userId))).returning();
      if (removed.length === 0) await tx.insert(questionUpvotes).values({ questionId: postId, userId }).onConflictDoNothing();
      const [row] = await tx
        .update(questions)
        .set({ upvoteCount: sql`(select count(*) from ${questionUpvotes} u where u.question_id = ${postId})::int` })
        .where(eq(questions.id, postId))
        .returning({ n: questions.upvoteCount });
      return { upvoted: removed.length === 0, upvotes: row?.n ?? 0 };
    }
    const removed = await tx.delete(answerUpvotes).where(and(eq(answerUpvotes.answerId, postId), eq(answerUpvotes.userId, userId))).returning();
    if (removed.length === 0) await tx.insert(answerUpvotes).values({ answerId: postId, userId }).onConflictDoNothing();
    const [row] = await tx
      .update(questionAnswers)
      .set({ upvoteCount: sql`(select count(*) from ${answerUpvotes} u where u.answer_id = ${postId})::int` })
      .where(eq(questionAnswers.id, postId))
      .returning({ n: questionAnswers.upvoteCount });
    return { upvoted: removed.length === 0, upvotes: row?.n ?? 0 };
  });
}
