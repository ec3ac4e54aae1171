import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { foldEnrolmentCounts } from '../../db/enrolment-count';
import { hashPassword } from '../../lib/passwords';
import { sanitizeRichText } from '../../lib/sanitize';
import { buildSearchText, buildUserSearchText, htmlToText } from '../../lib/search-text';
import { LARGE_CATEGORIES, SQL_WORDS, TAGS, courseDescription, courseSubtitle, courseTitle, personName, pick, unit } from './words';

/** Every generated account signs in with this password (one argon2id hash shared by all). */
export const LARGE_PASSWORD = 'nibras-large';
export const LARGE_EMAIL_DOMAIN = 'large.example.com';
export const largeParticipantEmail = (n: number) => `participant${n}@${LARGE_EMAIL_DOMAIN}`;
export const largeInstructorEmail = (n: number) => `instructor${n}@${LARGE_EMAIL_DOMAIN}`;

/** What `seed:large` makes at scale 1; a scale multiplies every figure (the tests use a small one). */
export const FULL_SCALE = { courses: 10_000, participants: 50_000, enrollments: 200_000, ratings: 100_000, assessments: 2_000, instructors: 200 };
const ENROLMENTS_PER_PARTICIPANT = FULL_SCALE.enrollments / FULL_SCALE.participants;
const RATINGS_PER_PARTICIPANT = FULL_SCALE.ratings / FULL_SCALE.participants;
const QUESTIONS_PER_ASSESSMENT = 3;
const BATCH = 2_000;
const DAY_MS = 86_400_000;

export interface LargeCounts {
  courses: number;
  publicCourses: number;
  participants: number;
  instructors: number;
  enrollments: number;
  ratings: number;
  assessments: number;
  attempts: number;
  sections: number;
  lectures: number;
}

export class AlreadySeededError extends Error {
  constructor() {
    super(`The large catalog is already in this database (accounts @${LARGE_EMAIL_DOMAIN} exist): nothing was added. Use an empty DATA_DIR or database to seed it again.`);
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function one<T>(db: Db, query: SQL): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]!;
}

/** A text[] literal of fixed words (our own, never input), so the SQL can pick from it by position. */
function words(list: readonly string[]): SQL {
  return sql.raw(`(array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]::text[])`);
}

/** Inserts JSON rows through json_to_recordset, BATCH rows per statement. */
async function insertJson(db: Db, rows: object[], statement: (json: string) => SQL): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.execute(statement(JSON.stringify(rows.slice(i, i + BATCH))));
}

export function largeCounts(scale: number) {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  const participants = n(FULL_SCALE.participants, 4);
  return {
    courses: n(FULL_SCALE.courses, 8),
    participants,
    instructors: n(FULL_SCALE.instructors, 2),
    assessments: n(FULL_SCALE.assessments, 1),
  };
}

/**
 * The large catalog (docs/large-catalog.md), added beside whatever the database holds: its accounts
 * are @large.example.com, its categories are found or made by slug, and ids follow the existing ones.
 * Refuses (AlreadySeededError) when it was added before. One transaction: all or nothing. Derived
 * columns are made by the app's own functions (search text, sanitised descriptions); the per-course
 * figures (ratings, enrolments, lectures) are counted by the app from the rows, as for any course.
 */
export async function seedLarge(db: Db, opts: { scale?: number; log?: (line: string) => void } = {}): Promise<LargeCounts> {
  const scale = opts.scale ?? 1;
  const log = opts.log ?? (() => {});
  const want = largeCounts(scale);
  let lap = performance.now();
  const step = (what: string) => {
    const now = performance.now();
    log(`  ${what} (${((now - lap) / 1000).toFixed(1)} s)`);
    lap = now;
  };

  const passwordHash = await hashPassword(LARGE_PASSWORD);
  await db.transaction(async (tx) => {
    // Ids are given here, after the existing ones: the locks keep anyone else from taking them meanwhile.
    await tx.execute(sql`lock table users, courses, orders, enrollments in exclusive mode`);
    const seeded = await one<{ n: number }>(tx, sql`select count(*)::int as n from users where lower(email) = ${largeParticipantEmail(1)}`);
    if (seeded.n > 0) throw new AlreadySeededError();

    // Categories: the demo's are reused by slug.
    await tx.execute(sql`insert into categories (slug, name_ar, name_en)
      select * from json_to_recordset(${JSON.stringify(LARGE_CATEGORIES.map(({ slug, nameAr, nameEn }) => ({ slug, name_ar: nameAr, name_en: nameEn })))}::json)
        as c(slug text, name_ar text, name_en text)
      on conflict (slug) do nothing`);
    const cats = rowsOf<{ id: number; slug: string }>(await tx.execute(sql`select id, slug from categories`));
    const catId = new Map(cats.map((c) => [c.slug, c.id]));
    await tx.execute(sql`insert into tags (name) select unnest(${words(TAGS)}) on conflict do nothing`);
    const tagRows = rowsOf<{ id: number; name: string }>(await tx.execute(sql`select id, name from tags`));
    const tagId = new Map(tagRows.map((t) => [t.name.toLowerCase(), t.id]));

    // Accounts.
    const userBase = (await one<{ max: number }>(tx, sql`select coalesce(max(id), 0)::int as max from users`)).max;
    const now = Date.now();
    const instructors = Array.from({ length: want.instructors }, (_, i) => {
      const name = personName(1_000_000 + i);
      const email = largeInstructorEmail(i + 1);
      return { id: userBase + 1 + i, role: 'instructor', name, email, search_text: buildUserSearchText(name, email), lang: /[\u0600-\u06FF]/.test(name) ? 'ar' : 'en', headline: name, created_at: new Date(now - 1_200 * DAY_MS).toISOString() };
    });
    const participantBase = userBase + want.instructors;
    const participants = Array.from({ length: want.participants }, (_, j) => {
      const name = personName(j);
      const email = largeParticipantEmail(j + 1);
      return { id: participantBase + 1 + j, role: 'participant', name, email, search_text: buildUserSearchText(name, email), lang: /[\u0600-\u06FF]/.test(name) ? 'ar' : 'en', headline: '', created_at: new Date(now - Math.floor(unit(j, 40) * 900) * DAY_MS).toISOString() };
    });
    await insertJson(tx, [...instructors, ...participants], (json) => sql`
      insert into users (id, role, name, email, password_hash, search_text, lang, headline, created_at, updated_at)
      select u.id, u.role, u.name, u.email, ${passwordHash}, u.search_text, u.lang, u.headline, u.created_at, u.created_at
      from json_to_recordset(${json}::json) as u(id int, role text, name text, email text, search_text text, lang text, headline text, created_at timestamptz)`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    step(`${want.instructors} instructors and ${want.participants} participants`);

    // Courses: most approved (when reviewed), some drafts, pending, rejected or deleted ones the public never sees.
    const courseBase = (await one<{ max: number }>(tx, sql`select coalesce(max(id), 0)::int as max from courses`)).max;
    const descriptions = new Map<string, string>();
    const rows = Array.from({ length: want.courses }, (_, i) => {
      const category = pick(LARGE_CATEGORIES, i, 50);
      const topicIndex = Math.floor(unit(i, 51) * category.topics.length);
      const topic = category.topics[topicIndex]!;
      const language = unit(i, 52) < 0.7 ? 'ar' : 'en';
      const title = courseTitle(language, topic, i);
      const subtitle = courseSubtitle(language, i);
      const key = `${language}:${category.slug}:${topicIndex}:${i % 4}`;
      // A handful of distinct descriptions, each sanitised once as the editor's save would.
      let description = descriptions.get(key);
      if (description === undefined) descriptions.set(key, (description = sanitizeRichText(courseDescription(language, topic, i % 4))));
      const instructor = instructors[i % instructors.length]!;
      const tag = pick(TAGS, i, 53);
      const status = unit(i, 54);
      const approveStatus = status < 0.94 ? 'approved' : status < 0.96 ? 'pending' : status < 0.98 ? 'draft' : 'rejected';
      const created = now - (want.courses - i) * ((1_000 * DAY_MS) / want.courses) - 3 * DAY_MS;
      const submitted = approveStatus === 'draft' ? null : new Date(created + DAY_MS).toISOString();
      const reviewed = approveStatus === 'approved' || approveStatus === 'rejected' ? new Date(created + 2 * DAY_MS).toISOString() : null;
      const r = unit(i, 55);
      return {
        id: courseBase + 1 + i,
        title,
        subtitle,
        description,
        language,
        level: pick(['beginner', 'intermediate', 'advanced', 'all'], i, 56),
        price_minor: r < 0.4 ? 0 : pick([900, 1900, 2950, 4999, 9900], i, 57),
        category_id: catId.get(category.slug) ?? null,
        instructor_id: instructor.id,
        approve_status: approveStatus,
        completion_status: approveStatus === 'draft' ? 'incomplete' : 'complete',
        created_at: new Date(created).toISOString(),
        submitted_at: submitted,
        reviewed_at: reviewed,
        review_message: approveStatus === 'rejected' ? 'الوصف يحتاج إلى تفاصيل أكثر.' : '',
        deleted_at: approveStatus === 'approved' && unit(i, 58) < 0.01 ? new Date(now - DAY_MS).toISOString() : null,
        learn_points: language === 'ar' ? ['تطبيق ما تتعلمه في مشروع', 'فهم المفاهيم الأساسية'] : ['Apply what you learn in a project', 'Understand the core ideas'],
        // What refreshCourseSearchText would store (search.service searchTextOf): one tag, so no order to agree on.
        search_text: buildSearchText([title, subtitle, htmlToText(description), tag, instructor.name]),
        tag_id: tagId.get(tag.toLowerCase())!,
      };
    });
    await insertJson(tx, rows, (json) => sql`
      insert into courses (id, title, subtitle, description, language, level, price_minor, category_id, instructor_id, approve_status, completion_status,
        created_at, updated_at, submitted_at, reviewed_at, review_message, deleted_at, learn_points, search_text)
      select c.id, c.title, c.subtitle, c.description, c.language, c.level, c.price_minor, c.category_id, c.instructor_id, c.approve_status, c.completion_status,
        c.created_at, coalesce(c.reviewed_at, c.created_at), c.submitted_at, c.reviewed_at, c.review_message, c.deleted_at, c.learn_points, c.search_text
      from json_to_recordset(${json}::json) as c(id int, title text, subtitle text, description text, language text, level text, price_minor int,
        category_id int, instructor_id int, approve_status text, completion_status text, created_at timestamptz, submitted_at timestamptz,
        reviewed_at timestamptz, review_message text, deleted_at timestamptz, learn_points jsonb, search_text text)`);
    await insertJson(tx, rows.map((r) => ({ course_id: r.id, tag_id: r.tag_id })), (json) => sql`
      insert into course_tags (course_id, tag_id) select * from json_to_recordset(${json}::json) as t(course_id int, tag_id int)`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('courses', 'id'), (select max(id) from courses))`);
    const courseRange = sql`between ${courseBase + 1} and ${courseBase + want.courses}`;
    step(`${want.courses} courses`);

    // Outlines: 3 to 5 sections of 2 to 5 lectures, the first lecture a free preview.
    await tx.execute(sql`insert into sections (course_id, title, position)
      select c.id, case when c.language = 'ar' then ${words(SQL_WORDS.AR_SECTIONS)}[s + 1] else ${words(SQL_WORDS.EN_SECTIONS)}[s + 1] end, s
      from courses c cross join lateral generate_series(0, 2 + c.id % 3) s
      where c.id ${courseRange} order by c.id, s`);
    await tx.execute(sql`insert into lectures (course_id, section_id, title, position, duration_seconds, is_free_preview)
      select s.course_id, s.id, case when c.language = 'ar' then ${words(SQL_WORDS.AR_LECTURES)}[l + 1] else ${words(SQL_WORDS.EN_LECTURES)}[l + 1] end,
        l, 120 + (s.id::bigint * 7919 + l * 104729) % 900, s.position = 0 and l = 0
      from sections s join courses c on c.id = s.course_id cross join lateral generate_series(0, 1 + s.id % 4) l
      where s.course_id ${courseRange} order by s.id, l`);
    // The statements below join what was just inserted: the planner needs to know how big it is.
    await tx.execute(sql`analyze users, courses, sections, lectures`);
    step('sections and lectures');

    // Enrolments, each through a paid order as the app makes them (free courses are paid at 0).
    // Participant j takes ENROLMENTS_PER_PARTICIPANT distinct public courses: a skewed first pick
    // (some courses are far more popular) and the others a quarter of the catalog apart.
    await tx.execute(sql`create temporary table large_public on commit drop as
      select row_number() over (order by id) as ord, id, price_minor, coalesce(reviewed_at, created_at) as published_at
      from courses where id ${courseRange} and approve_status = 'approved' and deleted_at is null`);
    const orderBase = (await one<{ max: number }>(tx, sql`select coalesce(max(id), 0)::int as max from orders`)).max;
    await tx.execute(sql`
      with n as (select count(*)::bigint as n from large_public),
      picks as (
        select u.id as participant_id, u.created_at as joined, k,
          1 + (floor(n.n * power(((u.id::bigint * 2654435761) % 4294967296) / 4294967296.0, 2))::bigint + k * greatest(n.n / ${ENROLMENTS_PER_PARTICIPANT}, 1)) % n.n as ord
        from users u cross join n cross join generate_series(0, ${ENROLMENTS_PER_PARTICIPANT - 1}) k
        where u.id between ${participantBase + 1} and ${participantBase + want.participants}
      ),
      timed as (
        select p.participant_id, p.k, c.id as course_id, c.price_minor,
          greatest(c.published_at, p.joined) + (now() - greatest(c.published_at, p.joined)) * (((p.participant_id::bigint * 40503 + p.k * 9973) % 1000) / 1000.0) as at
        from picks p join large_public c on c.ord = p.ord
      )
      insert into orders (participant_id, course_id, amount_minor, currency, provider, status, reference, created_at, paid_at)
      select participant_id, course_id, price_minor, 'SAR', case when price_minor = 0 then 'free' else 'bank_transfer' end, 'paid',
        'NB-' || translate(upper(substr(md5(participant_id || '-' || course_id), 1, 8)), '01', 'XY'), at, at
      from timed order by participant_id, k`);
    const enrolmentBase = (await one<{ max: number }>(tx, sql`select coalesce(max(id), 0)::int as max from enrollments`)).max;
    await tx.execute(sql`insert into enrollments (participant_id, course_id, order_id, created_at)
      select participant_id, course_id, id, paid_at from orders where id > ${orderBase} order by id`);
    await tx.execute(sql`analyze orders, enrollments`);
    step('orders and enrolments');

    // Ratings: the first RATINGS_PER_PARTICIPANT enrolments of each participant are rated, mostly well.
    await tx.execute(sql`insert into ratings (participant_id, course_id, rating, message, created_at, updated_at)
      select e.participant_id, e.course_id, r.rating,
        case when c.language = 'ar' then ${words(SQL_WORDS.AR_REVIEWS)}[1 + e.id % 5] else ${words(SQL_WORDS.EN_REVIEWS)}[1 + e.id % 5] end,
        least(now(), e.created_at + interval '5 days'), least(now(), e.created_at + interval '5 days')
      from enrollments e join courses c on c.id = e.course_id
      cross join lateral (select case when x < 40 then 5 when x < 70 then 4 when x < 85 then 3 when x < 93 then 2 else 1 end as rating
        from (select (e.id::bigint * 7919) % 100 as x) h) r
      where e.id > ${enrolmentBase} and (e.id - ${enrolmentBase} - 1) % ${ENROLMENTS_PER_PARTICIPANT} < ${RATINGS_PER_PARTICIPANT}
      order by e.id`);
    // Every participant has started their first course: its first lecture watched to the end.
    await tx.execute(sql`insert into lecture_progress (participant_id, lecture_id, course_id, position_seconds, watched_seconds, completed_at, updated_at)
      select e.participant_id, l.id, e.course_id, l.duration_seconds, l.duration_seconds, least(now(), e.created_at + interval '1 day'), least(now(), e.created_at + interval '1 day')
      from enrollments e join sections s on s.course_id = e.course_id and s.position = 0
      join lectures l on l.section_id = s.id and l.position = 0
      where e.id > ${enrolmentBase} and (e.id - ${enrolmentBase} - 1) % ${ENROLMENTS_PER_PARTICIPANT} = 0`);
    step('ratings and progress');

    // Assessments on the most popular public courses, three single-answer questions each, and one
    // graded attempt by every other participant enrolled in them.
    await tx.execute(sql`insert into assessments (course_id, title, pass_mark, time_limit_minutes, max_attempts, position)
      select c.id, case when co.language = 'ar' then 'اختبار الوحدة الأولى' else 'Unit 1 quiz' end, 60, 20, 3, 0
      from large_public c join courses co on co.id = c.id where c.ord <= ${want.assessments} order by c.id`);
    await tx.execute(sql`insert into assessment_questions (assessment_id, type, text, points, position)
      select a.id, 'single', case when c.language = 'ar' then 'السؤال ' || (q + 1) else 'Question ' || (q + 1) end, 1, q
      from assessments a join courses c on c.id = a.course_id cross join generate_series(0, ${QUESTIONS_PER_ASSESSMENT - 1}) q
      where a.course_id ${courseRange} order by a.id, q`);
    await tx.execute(sql`insert into question_options (question_id, text, is_correct, position)
      select q.id, chr(65 + o), o = 0, o from assessment_questions q join assessments a on a.id = q.assessment_id
      cross join generate_series(0, 2) o where a.course_id ${courseRange} order by q.id, o`);
    await tx.execute(sql`insert into quiz_attempts (assessment_id, course_id, participant_id, number, status, pass_mark, time_limit_minutes, started_at, submitted_at, score, max_score, checked_at)
      select a.id, a.course_id, e.participant_id, 1, case when s.score * 100 >= 60 * ${QUESTIONS_PER_ASSESSMENT} then 'passed' else 'failed' end,
        60, 20, least(now(), e.created_at + interval '2 days') - interval '10 minutes', least(now(), e.created_at + interval '2 days'), s.score, ${QUESTIONS_PER_ASSESSMENT}, least(now(), e.created_at + interval '2 days')
      from assessments a join enrollments e on e.course_id = a.course_id
      cross join lateral (select (e.participant_id::bigint * 31 + a.id) % ${QUESTIONS_PER_ASSESSMENT + 1} as score) s
      where a.course_id ${courseRange} and e.id > ${enrolmentBase} and e.participant_id % 2 = 0`);
    step('assessments and attempts');
    // The enrolment counters folded at once (migration 0013: the trigger wrote a delta per course).
    await foldEnrolmentCounts(tx);
    step('enrolment counters folded');
  });

  // Fresh statistics, so the planner knows the tables' sizes from the first request on, and the
  // visibility map a bulk load leaves unset (PGlite has no autovacuum to set it), so counts of public
  // courses can be read from their indexes alone.
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');
  return largeCatalogCounts(db);
}

/** The large catalog's rows as they are in the database. */
export async function largeCatalogCounts(db: Db): Promise<LargeCounts> {
  const domain = `%@${LARGE_EMAIL_DOMAIN}`;
  return one<LargeCounts>(db, sql`
    with lc as (select c.* from courses c join users u on u.id = c.instructor_id where u.email like ${domain})
    select
      (select count(*)::int from lc) as courses,
      (select count(*)::int from lc where approve_status = 'approved' and deleted_at is null) as "publicCourses",
      (select count(*)::int from users where role = 'participant' and email like ${domain}) as participants,
      (select count(*)::int from users where role = 'instructor' and email like ${domain}) as instructors,
      (select count(*)::int from enrollments where course_id in (select id from lc)) as enrollments,
      (select count(*)::int from ratings where course_id in (select id from lc)) as ratings,
      (select count(*)::int from assessments where course_id in (select id from lc)) as assessments,
      (select count(*)::int from quiz_attempts where course_id in (select id from lc)) as attempts,
      (select count(*)::int from sections where course_id in (select id from lc)) as sections,
      (select count(*)::int from lectures where course_id in (select id from lc)) as lectures`);
}
