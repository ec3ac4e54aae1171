import { and, count, desc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { certificates, courses, enrollments, lectureProgress, lectureResources, lectures, sections, users, videoJobs, lectureCaptions } from '../../db/schema';
import { instructorColumn } from '../../db/course-projection';
import { cardRowFromJson, courseCardsJson } from '../../db/course-cards';

export type LectureProgressRow = typeof lectureProgress.$inferSelect;

export async function isEnrolled(db: Db, participantId: number, courseId: number): Promise<boolean> {
  const [row] = await db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId))).limit(1);
  return !!row;
}

export async function enrolledCourseIds(db: Db, participantId: number): Promise<number[]> {
  const rows = await db.select({ courseId: enrollments.courseId }).from(enrollments).where(eq(enrollments.participantId, participantId));
  return rows.map((r) => r.courseId);
}

/** Lecture totals and completions of many courses, in two grouped queries. */
export async function lectureCounts(db: Db, participantId: number, courseIds: number[]) {
  const [totals, done] = await Promise.all([
    db.select({ courseId: lectures.courseId, n: count() }).from(lectures).where(inArray(lectures.courseId, courseIds)).groupBy(lectures.courseId),
    db
      .select({ courseId: lectureProgress.courseId, n: count() })
      .from(lectureProgress)
      .where(and(eq(lectureProgress.participantId, participantId), inArray(lectureProgress.courseId, courseIds), isNotNull(lectureProgress.completedAt)))
      .groupBy(lectureProgress.courseId),
  ]);
  return { total: new Map(totals.map((t) => [t.courseId, t.n])), completed: new Map(done.map((d) => [d.courseId, d.n])) };
}

export type EnrolmentRow = { courseId: number; createdAt: Date; completedAt: Date | null };
const enrolmentColumns = { courseId: enrollments.courseId, createdAt: enrollments.createdAt, completedAt: enrollments.completedAt };

export function enrolmentPage(db: Db, participantId: number, limit: number, offset: number): Promise<EnrolmentRow[]> {
  return db
    .select(enrolmentColumns)
    .from(enrollments)
    .where(eq(enrollments.participantId, participantId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(limit)
    .offset(offset);
}

export async function enrolmentCount(db: Db, participantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.participantId, participantId));
  return row?.n ?? 0;
}

/** A live course with its instructor's name, as the player's header shows it. */
export async function findLiveCourseHead(db: Db, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, language: courses.language, instructorName: instructorColumn<string>('name'), instructorId: courses.instructorId })
    .from(courses)
    .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row;
}

export async function findLecture(db: Db, id: number) {
  const [row] = await db.select().from(lectures).where(eq(lectures.id, id));
  return row;
}

/** The participant's progress in a course, the lecture studied last first. */
export function progressRows(db: Db, participantId: number, courseId: number): Promise<LectureProgressRow[]> {
  return db
    .select()
    .from(lectureProgress)
    .where(and(eq(lectureProgress.participantId, participantId), eq(lectureProgress.courseId, courseId)))
    .orderBy(desc(lectureProgress.updatedAt));
}

export async function findProgress(db: Db, participantId: number, lectureId: number): Promise<LectureProgressRow | undefined> {
  const [row] = await db.select().from(lectureProgress).where(and(eq(lectureProgress.participantId, participantId), eq(lectureProgress.lectureId, lectureId)));
  return row;
}

/**
 * The participant's credit clock: the moment up to which their watched time has been credited,
 * across every lecture of every course (the latest updated_at of their progress rows); null before
 * their first report. The participant's row is locked first, so reports sent at once are credited
 * one after another and cannot each claim the same stretch of time. Call it inside a transaction.
 */
export async function lockCreditClock(tx: Db, participantId: number): Promise<Date | null> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, participantId)).for('update');
  const [row] = await tx.select({ at: max(lectureProgress.updatedAt) }).from(lectureProgress).where(eq(lectureProgress.participantId, participantId));
  return row?.at ?? null;
}

/**
 * Reports arrive together (pause and ended fire at once): the merge only ever moves forward, so a
 * report computed from an older row can never undo a completion or lower what was watched.
 * updated_at is also the credit clock (lockCreditClock): it moves to `clock` only when time was
 * credited, so a report that credits nothing (a pause or a seek arriving just before the report of
 * the time played) does not use that time up.
 */
export async function mergeProgress(
  db: Db,
  values: { participantId: number; lectureId: number; courseId: number; positionSeconds: number; watchedSeconds: number; completedAt: Date | null },
  clock: Date,
  credited: boolean,
) {
  const [stored] = await db
    .insert(lectureProgress)
    .values({ ...values, updatedAt: clock })
    .onConflictDoUpdate({
      target: [lectureProgress.participantId, lectureProgress.lectureId],
      set: {
        positionSeconds: values.positionSeconds,
        watchedSeconds: sql`greatest("lecture_progress"."watched_seconds", excluded."watched_seconds")`,
        completedAt: sql`coalesce("lecture_progress"."completed_at", excluded."completed_at")`,
        updatedAt: credited ? clock : sql`"lecture_progress"."updated_at"`,
      },
    })
    .returning({ watchedSeconds: lectureProgress.watchedSeconds, completedAt: lectureProgress.completedAt });
  return stored!;
}

interface EnrolmentJson {
  courseId: number;
  createdAt: string;
  completedAt: string | null;
}

const enrolmentFromJson = (e: EnrolmentJson): EnrolmentRow => ({ courseId: e.courseId, createdAt: new Date(e.createdAt), completedAt: e.completedAt ? new Date(e.completedAt) : null });

/** The dashboard's statement (dashboardData). */
function prepareDashboard(db: Db) {
  const participantId = sql.placeholder('participantId');
  const enrolmentJson = sql`json_build_object('courseId', course_id, 'createdAt', created_at, 'completedAt', completed_at)`;
  const statement = sql`(
    with mine as materialized (
      select e.id, e.course_id, e.created_at, e.completed_at from ${enrollments} e where e.participant_id = ${participantId}
    ),
    in_progress as (
      select m.course_id, m.created_at, m.completed_at,
        row_number() over (order by (select max(lp.updated_at) from ${lectureProgress} lp where lp.participant_id = ${participantId} and lp.course_id = m.course_id) desc nulls last, m.created_at desc) as rank
      from mine m where m.completed_at is null
      order by rank limit ${sql.placeholder('inProgressLimit')}
    ),
    recent as (
      select m.course_id, m.created_at, m.completed_at, row_number() over (order by m.created_at desc, m.id desc) as rank
      from mine m order by rank limit ${sql.placeholder('recentLimit')}
    ),
    shown as (select course_id from in_progress union select course_id from recent)
    select
      (select count(*)::int from mine) as enrolled,
      (select count(completed_at)::int from mine) as completed,
      (select coalesce(json_agg(${enrolmentJson} order by rank), '[]'::json) from in_progress) as in_progress,
      (select coalesce(json_agg(${enrolmentJson} order by rank), '[]'::json) from recent) as recent,
      ${courseCardsJson(sql`select course_id from shown`)} as cards,
      (select coalesce(json_agg(json_build_object('courseId', d.course_id, 'n', d.n)), '[]'::json) from (
        select lp.course_id, count(*)::int as n from ${lectureProgress} lp
        where lp.participant_id = ${participantId} and lp.completed_at is not null and lp.course_id in (select course_id from shown)
        group by lp.course_id
      ) d) as completed_lectures,
      (select coalesce(json_agg(json_build_object('code', c.code, 'courseId', co.id, 'courseTitle', co.title, 'issuedAt', c.issued_at) order by c.issued_at desc), '[]'::json)
        from ${certificates} c inner join ${courses} co on co.id = c.course_id where c.participant_id = ${participantId}) as certificates
  ) as dashboard`;
  return db
    .select({
      enrolled: sql<number>`dashboard.enrolled`,
      completed: sql<number>`dashboard.completed`,
      inProgress: sql<EnrolmentJson[]>`dashboard.in_progress`,
      recent: sql<EnrolmentJson[]>`dashboard.recent`,
      cards: sql<Record<string, unknown>[]>`dashboard.cards`,
      completedLectures: sql<{ courseId: number; n: number }[]>`dashboard.completed_lectures`,
      certificates: sql<{ code: string; courseId: number; courseTitle: string; issuedAt: string }[]>`dashboard.certificates`,
    })
    .from(statement)
    .prepare('participant_dashboard');
}

const dashboardStatement = preparedPerDatabase(prepareDashboard);

/**
 * Everything the participant's dashboard shows, in one prepared statement: the enrolled and
 * completed counts, the unfinished enrolments (most recently studied first, never-started ones
 * after them, newest first), the newest enrolments, the cards of the courses in either list with
 * the lectures completed in each, and the certificates. Under load each statement costs a wake-up
 * of a database process and its planning (5 ms for this one), and those, not the queries, were the
 * dashboard's time: one prepared statement replaced eight (docs/large-catalog.md).
 */
export async function dashboardData(db: Db, participantId: number, limits: { inProgress: number; recent: number }) {
  const [row] = await dashboardStatement(db).execute({ participantId, inProgressLimit: limits.inProgress, recentLimit: limits.recent });
  return {
    enrolled: row!.enrolled,
    completed: row!.completed,
    inProgress: row!.inProgress.map(enrolmentFromJson),
    recent: row!.recent.map(enrolmentFromJson),
    cards: row!.cards.map(cardRowFromJson),
    completedLectures: new Map(row!.completedLectures.map((c) => [c.courseId, c.n])),
    certificates: row!.certificates.map((c) => ({ ...c, issuedAt: new Date(c.issuedAt) })),
  };
}

/** What the player shows of the participant's progress in one lecture. */
export type PlayerProgress = Pick<LectureProgressRow, 'lectureId' | 'positionSeconds' | 'watchedSeconds' | 'completedAt'>;

/** A lecture as the player needs it: its files' facts, never its article's text (served on its own, modules/media). */
export interface PlayerLecture {
  id: number;
  title: string;
  durationSeconds: number;
  isFreePreview: boolean;
  video: string | null;
  streamReady: boolean;
  captions: string[];
  type: 'video' | 'article' | 'pdf';
  hasPdf: boolean;
  pdfDownloadable: boolean;
  resources: { id: number; name: string; contentType: string; size: number }[];
}

/** The player's statement (playerData). */
function preparePlayer(db: Db) {
  const participantId = sql.placeholder('participantId');
  const courseId = sql.placeholder('courseId');
  const statement = sql`(
    select
      (select json_build_object('id', ${courses.id}, 'title', ${courses.title}, 'language', ${courses.language}, 'instructorName', ${instructorColumn<string>('name')}, 'instructorId', ${courses.instructorId})
        from ${courses}
        where ${courses.id} = ${courseId} and ${courses.deletedAt} is null) as course,
      (select ${enrollments.createdAt} from ${enrollments} where ${enrollments.participantId} = ${participantId} and ${enrollments.courseId} = ${courseId}) as enrolled_at,
      (select coalesce(json_agg(json_build_object('id', ${sections.id}, 'title', ${sections.title}, 'opensAt', ${sections.opensAt}, 'opensAfterDays', ${sections.opensAfterDays}) order by ${sections.position}, ${sections.id}), '[]'::json)
        from ${sections} where ${sections.courseId} = ${courseId}) as sections,
      (select coalesce(json_agg(json_build_object('id', ${lectures.id}, 'sectionId', ${lectures.sectionId}, 'title', ${lectures.title}, 'durationSeconds', ${lectures.durationSeconds},
          'isFreePreview', ${lectures.isFreePreview}, 'video', ${lectures.video},
          'streamReady', exists (select 1 from ${videoJobs} where ${videoJobs.lectureId} = ${lectures.id} and ${videoJobs.source} = ${lectures.video} and ${videoJobs.status} = 'ready'),
          'captions', (select coalesce(json_agg(${lectureCaptions.lang} order by ${lectureCaptions.lang}), '[]'::json) from ${lectureCaptions} where ${lectureCaptions.lectureId} = ${lectures.id}),
          'type', ${lectures.type}, 'hasPdf', ${lectures.pdf} is not null, 'pdfDownloadable', ${lectures.pdfDownloadable},
          'resources', (select coalesce(json_agg(json_build_object('id', ${lectureResources.id}, 'name', ${lectureResources.originalName}, 'contentType', ${lectureResources.contentType}, 'size', ${lectureResources.size})
            order by ${lectureResources.position}, ${lectureResources.id}), '[]'::json) from ${lectureResources} where ${lectureResources.lectureId} = ${lectures.id}))
          order by ${lectures.position}, ${lectures.id}), '[]'::json)
        from ${lectures} where ${lectures.courseId} = ${courseId}) as lectures,
      (select coalesce(json_agg(json_build_object('lectureId', ${lectureProgress.lectureId}, 'positionSeconds', ${lectureProgress.positionSeconds},
          'watchedSeconds', ${lectureProgress.watchedSeconds}, 'completedAt', ${lectureProgress.completedAt}) order by ${lectureProgress.updatedAt} desc), '[]'::json)
        from ${lectureProgress} where ${lectureProgress.participantId} = ${participantId} and ${lectureProgress.courseId} = ${courseId}) as progress,
      (select ${certificates.code} from ${certificates} where ${certificates.participantId} = ${participantId} and ${certificates.courseId} = ${courseId}) as certificate
  ) as player`;
  type Lecture = PlayerLecture & { sectionId: number };
  return db
    .select({
      course: sql<LiveCourseHead | null>`player.course`,
      enrolledAt: sql<Date | string | null>`player.enrolled_at`,
      sections: sql<{ id: number; title: string; opensAt: string | null; opensAfterDays: number | null }[]>`player.sections`,
      lectures: sql<Lecture[]>`player.lectures`,
      progress: sql<(Omit<PlayerProgress, 'completedAt'> & { completedAt: string | null })[]>`player.progress`,
      certificate: sql<string | null>`player.certificate`,
    })
    .from(statement)
    .prepare('player_course');
}

type LiveCourseHead = NonNullable<Awaited<ReturnType<typeof findLiveCourseHead>>>;
const playerStatement = preparedPerDatabase(preparePlayer);

/**
 * What the player needs of a course, in one prepared statement (as dashboardData, for the same
 * reason): the live course and its instructor (null when there is none), when the participant
 * enrolled (null: not enrolled), the outline in the authored order with each section's release rule, the participant's progress (the lecture studied
 * last first) and their certificate's code.
 */
export async function playerData(db: Db, participantId: number, courseId: number) {
  const [row] = await playerStatement(db).execute({ participantId, courseId });
  const { course, enrolledAt, sections: sectionRows, lectures: lectureRows, progress, certificate } = row!;
  return {
    course,
    /** When the participant enrolled; null: not enrolled. */
    enrolledAt: enrolledAt === null ? null : new Date(enrolledAt),
    outline: sectionRows.map((s) => ({
      id: s.id,
      title: s.title,
      release: { opensAt: s.opensAt ? new Date(s.opensAt) : null, opensAfterDays: s.opensAfterDays },
      lectures: lectureRows.filter((l) => l.sectionId === s.id),
    })),
    progress: progress.map((p): PlayerProgress => ({ ...p, completedAt: p.completedAt ? new Date(p.completedAt) : null })),
    certificateCode: certificate,
  };
}
