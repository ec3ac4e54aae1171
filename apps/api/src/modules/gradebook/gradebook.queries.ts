import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { assessments, assignmentSubmissions, assignments, courses, enrollments, gradebookSettings, lectureProgress, lectures, quizAttempts, quizStandings, sections, users } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import type { GradebookFilter, GradebookSort } from '@nibras/contract';

export async function courseOf(db: Db, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, instructorId: courses.instructorId })
    .from(courses)
    .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row;
}

export async function settingsOf(db: Db, courseId: number) {
  const [row] = await db.select({ passMark: gradebookSettings.passMark, weights: gradebookSettings.weights }).from(gradebookSettings).where(eq(gradebookSettings.courseId, courseId));
  return row;
}

export async function saveSettings(db: Db, courseId: number, passMark: number, weights: Record<string, number>, now: Date) {
  await db
    .insert(gradebookSettings)
    .values({ courseId, passMark, weights, updatedAt: now })
    .onConflictDoUpdate({ target: gradebookSettings.courseId, set: { passMark, weights, updatedAt: now } });
}

/** The course's graded items in the course's order: its lectures (counted), assessments and assignments. */
export async function itemsOf(db: Db, courseId: number) {
  const [lectureRows, assessmentRows, assignmentRows] = await Promise.all([
    db.select({ id: lectures.id }).from(lectures).where(eq(lectures.courseId, courseId)),
    db
      .select({ id: assessments.id, title: assessments.title, passMark: assessments.passMark })
      .from(assessments)
      .where(eq(assessments.courseId, courseId))
      .orderBy(asc(assessments.position), asc(assessments.id)),
    db
      .select({ id: assignments.id, title: assignments.title, passMark: assignments.passMark, points: assignments.points })
      .from(assignments)
      .innerJoin(sections, eq(sections.id, assignments.sectionId))
      .where(eq(assignments.courseId, courseId))
      .orderBy(asc(sections.position), asc(sections.id), asc(assignments.position), asc(assignments.id)),
  ]);
  return { lectureIds: lectureRows.map((l) => l.id), assessments: assessmentRows, assignments: assignmentRows };
}

export interface LearnerFigures {
  participantId: number;
  name: string;
  email: string;
  enrolledAt: Date;
  completed: boolean;
  lecturesDone: number;
  lastStudied: Date;
  finalPercent: number;
  failedItems: number;
  notStarted: boolean;
  atRisk: boolean;
}

export interface Summary {
  learners: number;
  completed: number;
  atRisk: number;
  failed: number;
  averagePercent: number | null;
}

export interface GradebookPageInput {
  courseId: number;
  lectureIds: number[];
  /** Weighted items: every assessment and assignment with its weight (and an assignment's points and pass mark). */
  assessments: { id: number; weight: number }[];
  assignments: { id: number; weight: number; points: number; passMark: number }[];
  lecturesWeight: number;
  /** The sum of every item's weight (0: the final grade is the lectures' progress). */
  totalWeight: number;
  quietSince: Date;
  words: string[];
  filter?: GradebookFilter;
  sort: GradebookSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Only these learners (an export's chunk): every table is read for them alone, through its index by course and learner. */
  participantIds?: number[];
}

const ORDER: Record<GradebookSort, string> = {
  name: 'g.name',
  progress: 'g.lectures_done',
  grade: 'g.final_percent',
  last_studied: 'g.last_studied',
  enrolled: 'g.enrolled_at',
};

const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/**
 * One page of a course's learners with their figures, and the course's summary, in one statement. The figures come
 * from the course's own rows, each table read through its index by course and grouped once (lecture progress,
 * attempts, hand-ins), so the cost grows with the course's learners and what they did, never with the tables. The
 * final grade is the weighted mean of the items' percents (an item not done counts 0).
 */
export async function gradebookPage(db: Db, input: GradebookPageInput) {
  const { lectureIds } = input;
  const totalLectures = lectureIds.length;
  const progress = totalLectures > 0 ? sql`floor(coalesce(lp.done, 0) * 100.0 / ${totalLectures})` : sql`0`;
  const finalGrade =
    input.totalWeight > 0
      ? sql`floor((${input.lecturesWeight} * ${progress} + coalesce(qa.weighted, 0) + coalesce(sb.weighted, 0)) / ${input.totalWeight}::numeric)`
      : progress;
  const filters: SQL[] = [];
  for (const word of input.words) filters.push(sql`g.search_text like ${containsPattern(word)}`);
  if (input.filter === 'completed') filters.push(sql`g.completed`);
  if (input.filter === 'failed') filters.push(sql`g.failed_items > 0`);
  if (input.filter === 'not_started') filters.push(sql`g.not_started`);
  if (input.filter === 'behind') filters.push(sql`g.at_risk`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const direction = sql.raw(input.order === 'desc' ? 'desc' : 'asc');
  const only = (alias: string) => (input.participantIds ? sql`and ${sql.raw(alias)}.participant_id = any(${intArray(input.participantIds)})` : sql``);
  const orderBy = sql.raw(ORDER[input.sort]);

  const result = await db.execute(sql`
    with aw(id, w) as (select * from unnest(${intArray(input.assessments.map((a) => a.id))}, ${intArray(input.assessments.map((a) => a.weight))})),
    sw(id, w, points, pass) as (
      select * from unnest(${intArray(input.assignments.map((a) => a.id))}, ${intArray(input.assignments.map((a) => a.weight))},
        ${intArray(input.assignments.map((a) => a.points))}, ${intArray(input.assignments.map((a) => a.passMark))})
    ),
    -- Course-wide, each through its index by course: lectures completed, where each learner stands with each assessment
    -- (quiz_standings: one row per learner and assessment, kept by triggers on quiz_attempts), the hand-ins.
    -- Whole numbers throughout (a percent rounded down is an integer division): numeric arithmetic costs more per row.
    lp as (
      select p.participant_id, count(*) filter (where p.completed_at is not null)::int as done, max(p.updated_at) as last
      from ${lectureProgress} p where p.course_id = ${input.courseId} ${only('p')} group by p.participant_id
    ),
    qa as (
      select q.participant_id, max(q.last_at) as last, sum(aw.w * coalesce(q.best_percent, 0)) as weighted, count(*) filter (where q.failed) as failed
      from ${quizStandings} q join aw on aw.id = q.assessment_id
      where q.course_id = ${input.courseId} ${only('q')}
      group by q.participant_id
    ),
    sb as (
      select s.participant_id, max(s.submitted_at) as last,
        sum(sw.w * ((s.score * 100) / sw.points)) filter (where s.graded_at is not null) as weighted,
        count(*) filter (where s.graded_at is not null and (s.score * 100) / sw.points < sw.pass) as failed
      from ${assignmentSubmissions} s join sw on sw.id = s.assignment_id
      where s.course_id = ${input.courseId} ${only('s')}
      group by s.participant_id
    ),
    g as (
      select e.participant_id, u.name, u.email, u.search_text, e.created_at as enrolled_at, e.completed_at is not null as completed,
        coalesce(lp.done, 0) as lectures_done,
        greatest(e.created_at, lp.last, qa.last, sb.last) as last_studied,
        ${finalGrade}::int as final_percent,
        (coalesce(qa.failed, 0) + coalesce(sb.failed, 0))::int as failed_items,
        (lp.last is null and qa.last is null and sb.last is null) as not_started,
        (e.completed_at is null and greatest(e.created_at, lp.last, qa.last, sb.last) < ${input.quietSince.toISOString()}::timestamptz) as at_risk
      from ${enrollments} e
      -- By key, one probe per learner (limit 1 keeps the planner from joining users whole).
      cross join lateral (select u.name, u.email, u.search_text from ${users} u where u.id = e.participant_id limit 1) u
      left join lp on lp.participant_id = e.participant_id
      left join qa on qa.participant_id = e.participant_id
      left join sb on sb.participant_id = e.participant_id
      where e.course_id = ${input.courseId} ${only('e')}
    ),
    summary as (
      select count(*)::int as learners, count(*) filter (where completed)::int as completed_count, count(*) filter (where at_risk)::int as at_risk_count,
        count(*) filter (where failed_items > 0)::int as failed_count, floor(avg(final_percent))::int as average_percent
      from g
    ),
    page as (
      select g.*, count(*) over ()::int as total from g ${where}
      order by ${orderBy} ${direction}, g.participant_id ${direction}
      limit ${input.limit} offset ${input.offset}
    )
    select summary.*, page.* from summary left join page on true
    order by ${sql.raw(ORDER[input.sort].replace('g.', 'page.'))} ${direction}, page.participant_id ${direction}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const first = rows[0];
  const summary: Summary = {
    learners: Number(first?.learners ?? 0),
    completed: Number(first?.completed_count ?? 0),
    atRisk: Number(first?.at_risk_count ?? 0),
    failed: Number(first?.failed_count ?? 0),
    averagePercent: first?.average_percent === null || first?.average_percent === undefined ? null : Number(first.average_percent),
  };
  const learners: LearnerFigures[] = rows
    .filter((r) => r.participant_id !== null && r.participant_id !== undefined)
    .map((r) => ({
      participantId: Number(r.participant_id),
      name: String(r.name),
      email: String(r.email),
      enrolledAt: new Date(r.enrolled_at as string),
      completed: r.completed === true,
      lecturesDone: Number(r.lectures_done),
      lastStudied: new Date(r.last_studied as string),
      finalPercent: Number(r.final_percent),
      failedItems: Number(r.failed_items),
      notStarted: r.not_started === true,
      atRisk: r.at_risk === true,
    }));
  const total = learners.length ? Number(rows.find((r) => r.total !== null)?.total ?? 0) : null;
  return { summary, learners, total };
}

/** The course's next learners after `after` in the order they have ids (an export's chunk), through the index by course and learner. */
export async function nextLearners(db: Db, courseId: number, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: enrollments.participantId })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), gt(enrollments.participantId, after)))
    .orderBy(asc(enrollments.participantId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The total of a filter whose page came back empty (a page past the end): counted on its own. */
export async function countOnly(db: Db, input: GradebookPageInput): Promise<number> {
  const { total } = await gradebookPage(db, { ...input, limit: 1, offset: 0 });
  return total ?? 0;
}

/** The page's learners' cells: each one's best submitted attempt per assessment and their hand-in per assignment. */
export async function cellsOf(db: Db, courseId: number, participantIds: number[]) {
  if (participantIds.length === 0) return { attempts: [], handIns: [] };
  const [attempts, handIns] = await Promise.all([
    db
      .select({
        participantId: quizAttempts.participantId,
        assessmentId: quizAttempts.assessmentId,
        best: sql<number | null>`max((${quizAttempts.score} * 100) / nullif(${quizAttempts.maxScore}, 0))`.mapWith((v) => (v === null ? null : Number(v))),
        passed: sql<boolean>`bool_or(${quizAttempts.status} = 'passed')`,
        pending: sql<boolean>`bool_or(${quizAttempts.status} = 'pending')`,
      })
      .from(quizAttempts)
      .where(and(inArray(quizAttempts.participantId, participantIds), eq(quizAttempts.courseId, courseId), inArray(quizAttempts.status, ['passed', 'failed', 'pending'])))
      .groupBy(quizAttempts.participantId, quizAttempts.assessmentId),
    db
      .select({
        participantId: assignmentSubmissions.participantId,
        assignmentId: assignmentSubmissions.assignmentId,
        score: assignmentSubmissions.score,
        gradedAt: assignmentSubmissions.gradedAt,
        late: assignmentSubmissions.late,
      })
      .from(assignmentSubmissions)
      .where(and(inArray(assignmentSubmissions.participantId, participantIds), eq(assignmentSubmissions.courseId, courseId))),
  ]);
  return { attempts, handIns };
}
