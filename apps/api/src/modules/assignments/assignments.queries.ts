import { and, asc, count, eq, getTableColumns, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { assignmentSubmissions, assignments, assessments, courses, enrollments, quizAttempts, sections, users } from '../../db/schema';

export type SubmissionTable = typeof assignmentSubmissions.$inferSelect;

/** An assignment of a live course, with the names around it and the course's owner. */
const assignmentColumns = {
  ...getTableColumns(assignments),
  courseTitle: courses.title,
  instructorId: courses.instructorId,
  sectionTitle: sections.title,
  sectionOpensAt: sections.opensAt,
  sectionOpensAfterDays: sections.opensAfterDays,
};

export type AssignmentRow = typeof assignments.$inferSelect & {
  courseTitle: string;
  instructorId: number | null;
  sectionTitle: string;
  sectionOpensAt: Date | null;
  sectionOpensAfterDays: number | null;
};

function assignmentQuery(db: Db, where: SQL) {
  return db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(courses, and(eq(courses.id, assignments.courseId), isNull(courses.deletedAt)))
    .innerJoin(sections, eq(sections.id, assignments.sectionId))
    .where(where)
    .orderBy(asc(sections.position), asc(sections.id), asc(assignments.position), asc(assignments.id));
}

export async function findAssignment(db: Db, id: number): Promise<AssignmentRow | undefined> {
  const [row] = await assignmentQuery(db, eq(assignments.id, id));
  return row;
}

/** A course's assignments in the outline's order. */
export function courseAssignments(db: Db, courseId: number): Promise<AssignmentRow[]> {
  return assignmentQuery(db, eq(assignments.courseId, courseId));
}

/** How many handed in each assignment, and how many of those wait for a grade. */
export async function submissionCounts(db: Db, assignmentIds: number[]) {
  const counts = new Map<number, { submissions: number; ungraded: number }>();
  if (assignmentIds.length === 0) return counts;
  const rows = await db
    .select({ id: assignmentSubmissions.assignmentId, submissions: count(), ungraded: sql<number>`count(*) filter (where ${assignmentSubmissions.gradedAt} is null)`.mapWith(Number) })
    .from(assignmentSubmissions)
    .where(inArray(assignmentSubmissions.assignmentId, assignmentIds))
    .groupBy(assignmentSubmissions.assignmentId);
  for (const row of rows) counts.set(row.id, { submissions: row.submissions, ungraded: row.ungraded });
  return counts;
}

/** The live course with its owner (undefined: no such course). */
export async function courseOf(db: Db, courseId: number) {
  const [row] = await db.select({ id: courses.id, instructorId: courses.instructorId }).from(courses).where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row;
}

export async function sectionOf(db: Db, sectionId: number) {
  const [row] = await db.select({ id: sections.id, courseId: sections.courseId }).from(sections).where(eq(sections.id, sectionId));
  return row;
}

export type AssignmentValues = Omit<typeof assignments.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'position'>;

/** A new assignment, last of its section. */
export async function insertAssignment(db: Db, values: AssignmentValues): Promise<number> {
  const [row] = await db
    .insert(assignments)
    .values({ ...values, position: sql`(select coalesce(max(${assignments.position}), -1) + 1 from ${assignments} where ${assignments.sectionId} = ${values.sectionId})` })
    .returning({ id: assignments.id });
  return row!.id;
}

export async function updateAssignment(db: Db, id: number, values: AssignmentValues, now: Date): Promise<void> {
  await db.update(assignments).set({ ...values, updatedAt: now }).where(eq(assignments.id, id));
}

/** Deletes an assignment nobody handed in; false when someone has (the statement changes nothing then). */
export async function deleteUnsubmitted(db: Db, id: number): Promise<boolean> {
  const gone = await db
    .delete(assignments)
    .where(and(eq(assignments.id, id), sql`not exists (select 1 from ${assignmentSubmissions} where ${assignmentSubmissions.assignmentId} = ${id})`))
    .returning({ id: assignments.id });
  return gone.length > 0;
}

/** When the participant enrolled in the course; undefined when they are not enrolled. */
export async function enrolledAt(db: Db, courseId: number, participantId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: enrollments.createdAt })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.participantId, participantId)));
  return row?.at;
}

const graderName = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${assignmentSubmissions.gradedBy})`;

/** One participant's hand-ins, by assignment. */
export async function ownSubmissions(db: Db, participantId: number, assignmentIds: number[]) {
  if (assignmentIds.length === 0) return new Map<number, SubmissionWithGrader>();
  const rows = await db
    .select({ ...getTableColumns(assignmentSubmissions), graderName })
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.participantId, participantId), inArray(assignmentSubmissions.assignmentId, assignmentIds)));
  return new Map(rows.map((r) => [r.assignmentId, r]));
}
export type SubmissionWithGrader = SubmissionTable & { graderName: string | null };

/** A hand-in with its participant's name and its grader's. */
export async function findSubmission(db: Db, id: number) {
  const [row] = await db
    .select({ ...getTableColumns(assignmentSubmissions), graderName, participantName: users.name })
    .from(assignmentSubmissions)
    .innerJoin(users, eq(users.id, assignmentSubmissions.participantId))
    .where(eq(assignmentSubmissions.id, id));
  return row;
}
export type SubmissionWithNames = NonNullable<Awaited<ReturnType<typeof findSubmission>>>;

/** An assignment's hand-ins, the oldest first, with the participants' names. */
export async function listSubmissions(db: Db, assignmentId: number, status: 'ungraded' | 'graded' | undefined, page: number, perPage: number) {
  const where = and(
    eq(assignmentSubmissions.assignmentId, assignmentId),
    status === 'ungraded' ? isNull(assignmentSubmissions.gradedAt) : status === 'graded' ? isNotNull(assignmentSubmissions.gradedAt) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(assignmentSubmissions), participantName: users.name })
      .from(assignmentSubmissions)
      .innerJoin(users, eq(users.id, assignmentSubmissions.participantId))
      .where(where)
      .orderBy(asc(assignmentSubmissions.submittedAt), asc(assignmentSubmissions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(assignmentSubmissions).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export interface HandIn {
  text: string | null;
  fileKey: string | null;
  fileName: string | null;
  fileType: string | null;
  fileSize: number | null;
  late: boolean;
}

/**
 * Stores a hand-in in one statement: the first one, or a new version of the participant's (its grade cleared), but only
 * while handing in is open: before the due date, or after it for a first hand-in when late work is accepted. The
 * check and the write are one statement, so two hand-ins at once cannot both pass a closed door. Returns the row's id
 * and the file key it replaced (to remove), or null when the door was closed.
 */
export async function storeHandIn(db: Db, assignmentId: number, courseId: number, participantId: number, handIn: HandIn, now: Date) {
  const result = await db.execute(sql`
    with a as (
      select ${assignments.dueAt} as due_at, ${assignments.acceptLate} as accept_late from ${assignments} where ${assignments.id} = ${assignmentId}
    ), before as (
      select ${assignmentSubmissions.fileKey} as file_key from ${assignmentSubmissions}
      where ${assignmentSubmissions.assignmentId} = ${assignmentId} and ${assignmentSubmissions.participantId} = ${participantId}
    )
    insert into ${assignmentSubmissions} (assignment_id, course_id, participant_id, text, file_key, file_name, file_type, file_size, submitted_at, late)
    select ${assignmentId}, ${courseId}, ${participantId}, ${handIn.text}, ${handIn.fileKey}, ${handIn.fileName}, ${handIn.fileType}, ${handIn.fileSize}, ${now}, ${handIn.late}
    from a
    where a.due_at is null or a.due_at >= ${now} or (a.accept_late and not exists (select 1 from before))
    on conflict (assignment_id, participant_id) do update set
      text = excluded.text, file_key = excluded.file_key, file_name = excluded.file_name, file_type = excluded.file_type, file_size = excluded.file_size,
      submitted_at = excluded.submitted_at, late = excluded.late, versions = ${assignmentSubmissions.versions} + 1,
      score = null, rubric_scores = '[]'::jsonb, feedback = null, graded_by = null, graded_at = null
    where (select due_at from a) is null or (select due_at from a) >= ${now}
    returning id, (select file_key from before) as replaced
  `);
  const [row] = rowsOf<{ id: number; replaced: string | null }>(result);
  return row ? { id: Number(row.id), replaced: row.replaced } : null;
}

/** Grades a hand-in; false when it changed meanwhile (handed in again after it was read: that version is not graded). */
export async function gradeSubmission(db: Db, id: number, versions: number, values: { score: number; rubricScores: number[]; feedback: string | null; gradedBy: number; gradedAt: Date }) {
  const rows = await db
    .update(assignmentSubmissions)
    .set(values)
    .where(and(eq(assignmentSubmissions.id, id), eq(assignmentSubmissions.versions, versions)))
    .returning({ id: assignmentSubmissions.id });
  return rows.length > 0;
}

export interface QueueItem {
  kind: 'quiz' | 'assignment';
  id: number;
  courseId: number;
  courseTitle: string;
  itemId: number;
  itemTitle: string;
  participantId: number;
  participantName: string;
  submittedAt: Date;
  late: boolean;
}

/**
 * Work waiting for a grade, the oldest first: quiz submissions with short answers to check (status pending) and
 * assignments handed in and not graded. An instructor's own courses only; an admin's every course.
 */
export async function gradingQueue(db: Db, scope: { instructorId?: number; courseId?: number }, page: number, perPage: number) {
  const courseWhere = and(
    isNull(courses.deletedAt),
    scope.instructorId === undefined ? undefined : eq(courses.instructorId, scope.instructorId),
    scope.courseId === undefined ? undefined : eq(courses.id, scope.courseId),
  );
  // Every column named: the two halves' ids and titles would otherwise share names outside the union.
  const columns = (kind: 'quiz' | 'assignment', id: SQL | AnyColumn, itemId: AnyColumn, itemTitle: AnyColumn, submittedAt: AnyColumn, late: SQL | AnyColumn) => ({
    kind: sql<'quiz' | 'assignment'>`${kind}::text`.as('kind'),
    id: sql<number>`${id}`.as('id'),
    courseId: sql<number>`${courses.id}`.as('course_id'),
    courseTitle: sql<string>`${courses.title}`.as('course_title'),
    itemId: sql<number>`${itemId}`.as('item_id'),
    itemTitle: sql<string>`${itemTitle}`.as('item_title'),
    participantId: sql<number>`${users.id}`.as('participant_id'),
    participantName: sql<string>`${users.name}`.as('participant_name'),
    submittedAt: sql<Date>`${submittedAt}`.as('submitted_at'),
    late: sql<boolean>`${late}`.as('late'),
  });
  const quiz = db
    .select(columns('quiz', quizAttempts.id, assessments.id, assessments.title, quizAttempts.submittedAt, sql`false`))
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .innerJoin(assessments, eq(assessments.id, quizAttempts.assessmentId))
    .innerJoin(users, eq(users.id, quizAttempts.participantId))
    .where(and(eq(quizAttempts.status, 'pending'), courseWhere));
  const handIns = db
    .select(columns('assignment', assignmentSubmissions.id, assignments.id, assignments.title, assignmentSubmissions.submittedAt, assignmentSubmissions.late))
    .from(assignmentSubmissions)
    .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .innerJoin(users, eq(users.id, assignmentSubmissions.participantId))
    .where(and(isNull(assignmentSubmissions.gradedAt), courseWhere));
  const all = quiz.unionAll(handIns).as('queue');
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(all)
      .orderBy(asc(all.submittedAt), asc(all.kind), asc(all.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(all),
  ]);
  return { items: items.map((i) => ({ ...i, id: Number(i.id), courseId: Number(i.courseId), itemId: Number(i.itemId), participantId: Number(i.participantId), submittedAt: new Date(i.submittedAt) })) as QueueItem[], total: total?.n ?? 0 };
}

/** A participant's hand-ins in a course with their assignments, for the learner's record. */
export async function recordAssignments(db: Db, courseId: number, participantId: number) {
  const rows = await courseAssignments(db, courseId);
  return { rows, submissions: await ownSubmissions(db, participantId, rows.map((r) => r.id)) };
}
