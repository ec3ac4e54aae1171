import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { assessments, assignmentSubmissions, assignments, categories, courses, enrollments, lectureProgress, lectures, quizAttempts, sections } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import type { ReportCourseSort } from '@nibras/contract';

/**
 * The admins' reports (docs/reports.md). Everything a period holds is read by time, through the indexes of migration
 * 0034 (enrolments by creation and by completion, lecture progress by its last change, hand-ins by their time) and the
 * attempts' index by course and time (one range per course that has an assessment): the cost grows with what happened
 * in the period, never with the tables. One statement answers a whole report (its page, totals and series) as JSON.
 */

export interface ReportInput {
  /** The period: [from, until), until being the day after the last day, both at 00:00 UTC. */
  from: Date;
  until: Date;
  /** Stalled: unfinished at `stalledAt` (the period's end, or now if earlier) with no study since `stalledSince`. */
  stalledSince: Date;
  stalledAt: Date;
  /** The series' step, in days (1 or 7). */
  stepDays: number;
  categoryId?: number;
  words: string[];
  sort: ReportCourseSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A group's figures as the statement counts them (the rates are the presenter's). */
export interface FiguresRow {
  enrollments: number;
  completed_of_enrolled: number;
  stalled: number;
  completions: number;
  active_learners: number;
  average_grade: number | null;
  grades: number;
}

export interface CourseFiguresRow extends FiguresRow {
  id: number;
  title: string;
  category_id: number | null;
  category_ar: string | null;
  category_en: string | null;
}

export interface CategoryFiguresRow extends FiguresRow {
  category_id: number | null;
  category_ar: string | null;
  category_en: string | null;
  courses: number;
}

export interface SeriesRow {
  bucket: number;
  enrollments: number;
  active_learners: number;
  completions: number;
}

export interface ReportResult<T> {
  total: number;
  items: T[];
  totals: FiguresRow;
  series: SeriesRow[];
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The period's rows (enrolments, completions, activity, grades), each with its course's category, for the courses the filters keep. */
function periodRows(input: ReportInput): SQL {
  const from = ts(input.from);
  const until = ts(input.until);
  const since = ts(input.stalledSince);
  const at = ts(input.stalledAt);
  const filters: SQL[] = [];
  if (input.categoryId) filters.push(sql`c.category_id = ${input.categoryId}`);
  // A word of the course's search text (title, subtitle, description, tags, instructor; Arabic letters normalised), or of its title as typed.
  for (const word of input.words) filters.push(sql`(c.search_text like ${containsPattern(word)} or c.title ilike ${containsPattern(word)})`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  return sql`
    -- The period's enrolments (enrollments_created_idx), each with whether it stalled: unfinished at stalled_at and no
    -- study (enrolling, a lecture played, an attempt, a hand-in) since stalled_since, each probe by learner and course.
    en as (
      select e.course_id, e.participant_id, e.created_at, e.completed_at,
        ((e.completed_at is null or e.completed_at >= ${at}) and e.created_at < ${since} and lp.hit is null and qz.hit is null and sx.hit is null) as stalled
      from ${enrollments} e
      -- Probes (limit 1 keeps the planner from joining a table whole).
      left join lateral (select 1 as hit from ${lectureProgress} p where p.participant_id = e.participant_id and p.course_id = e.course_id
        and p.updated_at >= ${since} and p.updated_at < ${at} limit 1) lp on true
      left join lateral (select 1 as hit from ${quizAttempts} q where q.participant_id = e.participant_id and q.course_id = e.course_id
        and coalesce(q.submitted_at, q.started_at) >= ${since} and coalesce(q.submitted_at, q.started_at) < ${at} limit 1) qz on true
      left join lateral (select 1 as hit from ${assignmentSubmissions} s where s.participant_id = e.participant_id and s.course_id = e.course_id
        and s.submitted_at >= ${since} and s.submitted_at < ${at} limit 1) sx on true
      where e.created_at >= ${from} and e.created_at < ${until}
    ),
    -- Enrolments completed in the period, whenever they began (enrollments_completed_idx).
    co as (select e.course_id, e.completed_at from ${enrollments} e where e.completed_at >= ${from} and e.completed_at < ${until}),
    -- Attempts sent in the period: one range of quiz_attempts_course_submitted_idx per course with an assessment.
    qa as (
      select a.* from (select distinct x.course_id from ${assessments} x) qc
      cross join lateral (
        select a.course_id, a.participant_id, a.assessment_id, a.submitted_at, a.status, a.score, a.max_score from ${quizAttempts} a
        where a.course_id = qc.course_id and a.submitted_at >= ${from} and a.submitted_at < ${until}
        offset 0 -- kept a range per course: not flattened into a join of the whole table
      ) a
    ),
    -- Hand-ins in the period (assignment_submissions_submitted_idx).
    sb as (
      select s.course_id, s.participant_id, s.assignment_id, s.submitted_at, s.score, s.graded_at
      from ${assignmentSubmissions} s where s.submitted_at >= ${from} and s.submitted_at < ${until}
    ),
    -- Who studied when: a lecture played (its last report: lecture_progress_updated_idx), an attempt sent, a hand-in.
    act as (
      select p.course_id, p.participant_id, p.updated_at as at from ${lectureProgress} p where p.updated_at >= ${from} and p.updated_at < ${until}
      union all select course_id, participant_id, submitted_at from qa
      union all select course_id, participant_id, submitted_at from sb
    ),
    -- The grades given in the period, in percent: a learner's best graded attempt per assessment, and each graded hand-in.
    gr as (
      select course_id, max((score * 100) / nullif(max_score, 0)) as pct
      from qa where status in ('passed', 'failed') group by course_id, participant_id, assessment_id
      union all
      select sb.course_id, (sb.score * 100) / nullif(asg.points, 0)
      from sb cross join lateral (select asg.points from ${assignments} asg where asg.id = sb.assignment_id limit 1) asg
      where sb.graded_at is not null and sb.score is not null
    ),
    ids as (select course_id from en union select course_id from co union select course_id from act union select course_id from gr),
    -- The courses kept: each read by key (a course deleted since is left out), then the filters.
    kept as (
      select c.id, c.title, coalesce(c.category_id, 0) as category_id from ids
      cross join lateral (select c.id, c.title, c.category_id, c.search_text from ${courses} c where c.id = ids.course_id and c.deleted_at is null limit 1) c
      ${where}
    ),
    ken as (select en.*, kept.category_id from en join kept on kept.id = en.course_id),
    kco as (select co.*, kept.category_id from co join kept on kept.id = co.course_id),
    kact as (select act.*, kept.category_id from act join kept on kept.id = act.course_id),
    kgr as (select gr.*, kept.category_id from gr join kept on kept.id = gr.course_id)`;
}

/** Each group's figures (`key`: course_id or category_id), one row per group kept. */
function groupFigures(input: ReportInput, key: 'course_id' | 'category_id'): SQL {
  const k = sql.raw(key);
  const keptKey = sql.raw(key === 'course_id' ? 'id' : 'category_id');
  return sql`
    g as (
      select k.key, coalesce(fe.enrollments, 0) as enrollments, coalesce(fe.completed_of_enrolled, 0) as completed_of_enrolled,
        coalesce(fe.stalled, 0) as stalled, coalesce(fc.completions, 0) as completions, coalesce(fa.active_learners, 0) as active_learners,
        fg.average_grade, coalesce(fg.grades, 0) as grades, k.courses
      from (select ${keptKey} as key, count(*)::int as courses from kept group by 1) k
      left join (select ${k} as key, count(*)::int as enrollments, count(*) filter (where completed_at < ${ts(input.until)})::int as completed_of_enrolled,
        count(*) filter (where stalled)::int as stalled from ken group by 1) fe on fe.key = k.key
      left join (select ${k} as key, count(*)::int as completions from kco group by 1) fc on fc.key = k.key
      left join (select ${k} as key, count(distinct participant_id)::int as active_learners from kact group by 1) fa on fa.key = k.key
      left join (select ${k} as key, floor(avg(pct))::int as average_grade, count(pct)::int as grades from kgr group by 1) fg on fg.key = k.key
    )`;
}

/** The totals over every kept course, and the series bucketed by `stepDays` from `from`. */
function totalsAndSeries(input: ReportInput): SQL {
  const bucket = (column: string) => sql`floor(extract(epoch from (${sql.raw(column)} - ${ts(input.from)})) / ${input.stepDays * 86_400})::int`;
  return sql`
    (select json_build_object(
      'enrollments', (select count(*) from ken),
      'completed_of_enrolled', (select count(*) from ken where completed_at < ${ts(input.until)}),
      'stalled', (select count(*) from ken where stalled),
      'completions', (select count(*) from kco),
      'active_learners', (select count(distinct participant_id) from kact),
      'average_grade', (select floor(avg(pct))::int from kgr),
      'grades', (select count(pct) from kgr)
    )) as totals,
    (select coalesce(json_agg(s order by s.bucket), '[]'::json) from (
      select b.bucket, coalesce(e.n, 0) as enrollments, coalesce(a.n, 0) as active_learners, coalesce(c.n, 0) as completions
      from (select ${bucket('created_at')} as bucket from ken union select ${bucket('completed_at')} from kco union select ${bucket('at')} from kact) b
      left join (select ${bucket('created_at')} as bucket, count(*)::int as n from ken group by 1) e on e.bucket = b.bucket
      left join (select ${bucket('at')} as bucket, count(distinct participant_id)::int as n from kact group by 1) a on a.bucket = b.bucket
      left join (select ${bucket('completed_at')} as bucket, count(*)::int as n from kco group by 1) c on c.bucket = b.bucket
    ) s) as series`;
}

const rate = (part: string) => `case when g.enrollments > 0 then (g.${part} * 100) / g.enrollments end`;

/** The sort's expression over `g` (and the row's name for `title`). */
function orderOf(sort: ReportCourseSort, title: string, order: 'asc' | 'desc'): SQL {
  const dir = order === 'desc' ? 'desc' : 'asc';
  const expr: Record<ReportCourseSort, string> = {
    title,
    enrollments: 'g.enrollments',
    active_learners: 'g.active_learners',
    completions: 'g.completions',
    completion_rate: rate('completed_of_enrolled'),
    average_grade: 'g.average_grade',
    stalled_rate: rate('stalled'),
  };
  return sql.raw(`${expr[sort]} ${dir} nulls last, g.key ${dir}`);
}

function resultOf<T>(result: unknown): ReportResult<T> {
  const [row] = rowsOf<{ total: number; items: T[] | string; totals: FiguresRow | string; series: SeriesRow[] | string }>(result);
  const json = <V>(v: V | string): V => (typeof v === 'string' ? (JSON.parse(v) as V) : v);
  return { total: Number(row?.total ?? 0), items: json(row!.items), totals: json(row!.totals), series: json(row!.series) };
}

/** A page of the kept courses with their figures, the totals and the series: one statement. */
export async function courseReport(db: Db, input: ReportInput): Promise<ReportResult<CourseFiguresRow>> {
  const result = await db.execute(sql`
    with ${periodRows(input)}, ${groupFigures(input, 'course_id')},
    page as (
      select g.*, kept.title, nullif(kept.category_id, 0) as category_id, cat.name_ar as category_ar, cat.name_en as category_en,
        row_number() over (order by ${orderOf(input.sort, 'kept.title', input.order)}) as rn
      from g join kept on kept.id = g.key
      left join lateral (select cat.name_ar, cat.name_en from ${categories} cat where cat.id = kept.category_id limit 1) cat on true
      order by rn limit ${input.limit} offset ${input.offset}
    )
    select (select count(*) from g)::int as total,
      (select coalesce(json_agg(json_build_object('id', key, 'title', title, 'category_id', category_id, 'category_ar', category_ar, 'category_en', category_en,
        'enrollments', enrollments, 'completed_of_enrolled', completed_of_enrolled, 'stalled', stalled, 'completions', completions,
        'active_learners', active_learners, 'average_grade', average_grade, 'grades', grades) order by rn), '[]'::json) from page) as items,
      ${totalsAndSeries(input)}`);
  return resultOf<CourseFiguresRow>(result);
}

/** Every category of the kept courses (0: none) with its figures, the totals and the series: one statement. */
export async function categoryReport(db: Db, input: ReportInput, lang: 'ar' | 'en'): Promise<ReportResult<CategoryFiguresRow>> {
  const result = await db.execute(sql`
    with ${periodRows(input)}, ${groupFigures(input, 'category_id')},
    page as (
      select g.*, cat.name_ar as category_ar, cat.name_en as category_en,
        row_number() over (order by ${orderOf(input.sort, lang === 'ar' ? 'cat.name_ar' : 'cat.name_en', input.order)}) as rn
      from g left join lateral (select cat.name_ar, cat.name_en from ${categories} cat where cat.id = g.key limit 1) cat on true
    )
    select (select count(*) from g)::int as total,
      (select coalesce(json_agg(json_build_object('category_id', nullif(key, 0), 'category_ar', category_ar, 'category_en', category_en, 'courses', courses,
        'enrollments', enrollments, 'completed_of_enrolled', completed_of_enrolled, 'stalled', stalled, 'completions', completions,
        'active_learners', active_learners, 'average_grade', average_grade, 'grades', grades) order by rn), '[]'::json) from page) as items,
      ${totalsAndSeries(input)}`);
  return resultOf<CategoryFiguresRow>(result);
}

/** A live course's id and title. */
export async function courseOf(db: Db, courseId: number) {
  const [row] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row;
}

/** The course's lectures in its order, with their section's title. */
export async function lecturesOf(db: Db, courseId: number) {
  return db
    .select({ id: lectures.id, title: lectures.title, section: sections.title, type: lectures.type, durationSeconds: lectures.durationSeconds })
    .from(lectures)
    .innerJoin(sections, eq(sections.id, lectures.sectionId))
    .where(eq(lectures.courseId, courseId))
    .orderBy(asc(sections.position), asc(sections.id), asc(lectures.position), asc(lectures.id));
}

export interface DropoffCounts {
  enrolled: number;
  completed: number;
  stalled: number;
  lectures: { lecture_id: number; reached: number; completed: number; stops: number[] }[];
}

/**
 * A course's drop-off in one statement, every table through its index by course: the enrolments (complete, stalled),
 * and per lecture how many enrolled learners opened it and completed it, and where those who did not complete a lecture
 * with a length stopped (their last position, in `buckets` parts of its length).
 */
export async function dropoffCounts(db: Db, courseId: number, stalledSince: Date, durations: Map<number, number>, buckets: number): Promise<DropoffCounts> {
  const ids = [...durations.keys()];
  const lengths = ids.map((id) => durations.get(id)!);
  const result = await db.execute(sql`
    with len(id, seconds) as (select * from unnest(${`{${ids.join(',')}}`}::int[], ${`{${lengths.join(',')}}`}::int[])),
    en as (select e.participant_id, e.completed_at, e.created_at from ${enrollments} e where e.course_id = ${courseId}),
    lp as (
      select p.participant_id, p.lecture_id, p.position_seconds, p.completed_at, p.updated_at from ${lectureProgress} p
      where p.course_id = ${courseId} and exists (select 1 from en where en.participant_id = p.participant_id)
    ),
    last as (
      select en.participant_id, greatest(en.created_at, (select max(updated_at) from lp where lp.participant_id = en.participant_id),
        (select max(coalesce(q.submitted_at, q.started_at)) from ${quizAttempts} q where q.participant_id = en.participant_id and q.course_id = ${courseId}),
        (select max(s.submitted_at) from ${assignmentSubmissions} s where s.participant_id = en.participant_id and s.course_id = ${courseId})) as at,
        en.completed_at
      from en
    ),
    stops as (
      select lp.lecture_id, least(${buckets - 1}, floor(lp.position_seconds * ${buckets} / len.seconds))::int as b, count(*)::int as n
      from lp join len on len.id = lp.lecture_id where lp.completed_at is null and len.seconds > 0 group by 1, 2
    ),
    per as (
      select lp.lecture_id, count(*)::int as reached, count(*) filter (where lp.completed_at is not null)::int as completed,
        (select json_agg(json_build_array(stops.b, stops.n)) from stops where stops.lecture_id = lp.lecture_id) as stops
      from lp group by lp.lecture_id
    )
    select
      (select count(*) from en)::int as enrolled,
      (select count(*) from en where completed_at is not null)::int as completed,
      (select count(*) from last where completed_at is null and at < ${ts(stalledSince)})::int as stalled,
      (select coalesce(json_agg(per), '[]'::json) from per) as lectures`);
  type Lecture = { lecture_id: number; reached: number; completed: number; stops: [number, number][] | null };
  const [row] = rowsOf<{ enrolled: number; completed: number; stalled: number; lectures: Lecture[] | string }>(result);
  const list = typeof row!.lectures === 'string' ? (JSON.parse(row!.lectures) as Lecture[]) : row!.lectures;
  return {
    enrolled: Number(row!.enrolled),
    completed: Number(row!.completed),
    stalled: Number(row!.stalled),
    lectures: list.map((l) => {
      const stops = Array.from({ length: buckets }, () => 0);
      for (const [b, n] of l.stops ?? []) stops[Math.max(0, Math.min(buckets - 1, b))]! += n;
      return { lecture_id: l.lecture_id, reached: l.reached, completed: l.completed, stops };
    }),
  };
}
