import { CATEGORY_PAGE_SIZE } from '@nibras/contract';
import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, courses, courseTags, enrollments, lectureCaptions, lectures, orders, ratings, sections, tags, users, videoJobs, wishlist } from '../../db/schema';

import { isPublicCourse, publishedAt, ratingAverageExact } from '../../db/public-course';
import { cardRowFromJson, courseCardsJson } from '../../db/course-cards';
import { preparedPerDatabase } from '../../db/prepared';

type Sort = 'newest' | 'rating' | 'popular' | 'price_asc' | 'price_desc';

export function courseOrder(sort: Sort): SQL[] {
  // Each order is the key of one of the partial indexes on public courses (schema/catalog.ts).
  switch (sort) {
    case 'rating':
      return [sql`${ratingAverageExact} desc nulls last`, sql`${courses.ratingCount} desc`, desc(courses.id)];
    case 'popular':
      return [sql`${courses.enrollmentCount} desc`, desc(courses.id)];
    case 'price_asc':
      return [asc(courses.priceMinor), desc(courses.id)];
    case 'price_desc':
      return [desc(courses.priceMinor), desc(courses.id)];
    default:
      return [sql`${publishedAt} desc`, desc(courses.id)];
  }
}

/** Which public courses: of one category or instructor, and never one of them (a course's "similar" list). */
export interface PublicCourseFilter {
  categoryId?: number;
  instructorId?: number;
  exceptId?: number;
}

function publicCourseWhere(f: PublicCourseFilter): SQL {
  const parts: SQL[] = [isPublicCourse];
  if (f.categoryId !== undefined) parts.push(eq(courses.categoryId, f.categoryId));
  if (f.instructorId !== undefined) parts.push(eq(courses.instructorId, f.instructorId));
  if (f.exceptId !== undefined) parts.push(ne(courses.id, f.exceptId));
  return and(...parts)!;
}

export async function publicCourseIds(db: Db, opts: { filter?: PublicCourseFilter; sort: Sort; limit: number; offset?: number }): Promise<number[]> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(publicCourseWhere(opts.filter ?? {}))
    .orderBy(...courseOrder(opts.sort))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  return rows.map((r) => r.id);
}

export async function categoriesWithCounts(db: Db) {
  return db
    .select({ id: categories.id, slug: categories.slug, name_ar: categories.nameAr, name_en: categories.nameEn, courseCount: sql<number>`count(${courses.id})::int` })
    .from(categories)
    .innerJoin(courses, and(eq(courses.categoryId, categories.id), isPublicCourse))
    .groupBy(categories.id)
    .orderBy(sql`count(${courses.id}) desc`, asc(categories.id));
}

export async function findPublicCourse(db: Db, id: number) {
  const [row] = await db.select().from(courses).where(and(eq(courses.id, id), isPublicCourse)).limit(1);
  return row;
}

export async function courseOutline(db: Db, courseId: number) {
  const [secs, lecs] = await Promise.all([
    db.select().from(sections).where(eq(sections.courseId, courseId)).orderBy(asc(sections.position), asc(sections.id)),
    db.select().from(lectures).where(eq(lectures.courseId, courseId)).orderBy(asc(lectures.position), asc(lectures.id)),
  ]);
  return secs.map((s) => ({ ...s, lectures: lecs.filter((l) => l.sectionId === s.id) }));
}

export async function courseReviews(db: Db, courseId: number, page: number, perPage: number) {
  const pageRows = db
    .select({ id: ratings.id, participantId: ratings.participantId, rating: ratings.rating, message: ratings.message, createdAt: ratings.createdAt, updatedAt: ratings.updatedAt })
    .from(ratings)
    .where(and(eq(ratings.courseId, courseId), isNull(ratings.hiddenAt)))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('page_rows');
  const [rows, [total]] = await Promise.all([
    // The page of ratings first (ratings_course_updated_idx), then the names of its few authors, each by
    // key: a join written plainly let the planner hash the whole users table for a popular course, or
    // walk its key up to the newest author (course-projection.ts, instructorColumn).
    db
      .select({
        id: pageRows.id,
        rating: pageRows.rating,
        message: pageRows.message,
        name: sql<string>`(select u.name from ${users} u where u.id = ${pageRows.participantId})`,
        createdAt: pageRows.createdAt,
        updatedAt: pageRows.updatedAt,
      })
      .from(pageRows)
      .orderBy(desc(pageRows.updatedAt), desc(pageRows.id)),
    db.select({ n: count() }).from(ratings).where(and(eq(ratings.courseId, courseId), isNull(ratings.hiddenAt))),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type ReviewRow = Awaited<ReturnType<typeof courseReviews>>['rows'][number];

export async function viewerState(db: Db, participantId: number, courseId: number) {
  const [e, w, r, o] = await Promise.all([
    db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId))).limit(1),
    db.select({ id: wishlist.courseId }).from(wishlist).where(and(eq(wishlist.participantId, participantId), eq(wishlist.courseId, courseId))).limit(1),
    db.select({ rating: ratings.rating }).from(ratings).where(and(eq(ratings.participantId, participantId), eq(ratings.courseId, courseId))).limit(1),
    db
      .select({ reference: orders.reference, amountMinor: orders.amountMinor, currency: orders.currency, provider: orders.provider, checkoutUrl: orders.gatewayCheckoutUrl })
      .from(orders)
      .where(and(eq(orders.participantId, participantId), eq(orders.courseId, courseId), eq(orders.status, 'pending')))
      .limit(1),
  ]);
  return { enrolled: e.length > 0, wishlisted: w.length > 0, rating: r[0]?.rating ?? null, pendingOrder: o[0] ?? null };
}


// ---------------------------------------------------------------------------------------------
// The anonymous course page and category page, one prepared statement each (docs/decisions/014)

/** What the course page shows of the course itself, beyond its card. */
export interface CoursePageHead {
  id: number;
  instructorId: number;
  categoryId: number | null;
  description: string;
  promoVideo: string | null;
  coverAlt: string;
  learnPoints: string[];
  requirements: string[];
  audience: string[];
}

interface ReviewJson {
  id: number;
  rating: number;
  message: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** The order of the similar courses: the best rated first (courseOrder('rating'), read from courses_public_category_rating_idx). */
const bestRatedFirst = sql.join(courseOrder('rating'), sql`, `);

/**
 * A row count written into a statement as a literal, not a parameter. With `limit $2` the server's
 * generic plan must allow for any number of rows, costs more than the plan made for the values given,
 * and so is never chosen: every run was planned again (1.7 ms for the course page, more than running
 * it). With the counts known, the generic plan is as cheap as a custom one and is kept after five runs.
 */
function literalCount(n: number): SQL {
  if (!Number.isInteger(n) || n < 0 || n > 1_000) throw new Error(`a row count written into a statement must be a whole number from 0 to 1000, not ${n}`);
  return sql.raw(String(n));
}

/** The limits of the course page: reviews on its first page and similar courses shown. */
export interface CoursePageLimits {
  reviews: number;
  similar: number;
}

function prepareCoursePage(db: Db, limits: CoursePageLimits) {
  const courseId = sql.placeholder('courseId');
  // The CTEs name no table `courses`, so the card and public-course expressions (written on "courses") read the table itself.
  const statement = sql`(
    with head as materialized (
      select ${courses.id} as "id", ${courses.instructorId} as "instructorId", ${courses.categoryId} as "categoryId", ${courses.description} as "description",
        ${courses.promoVideo} as "promoVideo", ${courses.coverAlt} as "coverAlt", ${courses.learnPoints} as "learnPoints",
        ${courses.requirements} as "requirements", ${courses.audience} as "audience", ${courses.ratingCount} as "ratingCount"
      from ${courses} where ${courses.id} = ${courseId} and ${isPublicCourse}
    ),
    similar_courses as materialized (
      select ${courses.id} as id, row_number() over (order by ${bestRatedFirst}) as position
      from ${courses}
      where ${isPublicCourse} and ${courses.categoryId} = (select "categoryId" from head) and ${courses.id} <> (select "id" from head)
      order by ${bestRatedFirst} limit ${literalCount(limits.similar)}
    ),
    review_page as materialized (
      select r.id, r.participant_id, r.rating, r.message, r.created_at, r.updated_at from ${ratings} r
      where r.course_id = (select "id" from head) and r.hidden_at is null order by r.updated_at desc, r.id desc limit ${literalCount(limits.reviews)}
    )
    select
      (select row_to_json(head) from head) as head,
      ${courseCardsJson(sql`select "id" from head`)} as card,
      (select coalesce(json_agg(id order by position), '[]'::json) from similar_courses) as similar_ids,
      ${courseCardsJson(sql`select id from similar_courses`)} as similar_cards,
      (select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'opensAt', s.opens_at, 'opensAfterDays', s.opens_after_days) order by s.position, s.id), '[]'::json)
        from ${sections} s where s.course_id = (select "id" from head)) as sections,
      (select coalesce(json_agg(json_build_object('id', l.id, 'sectionId', l.section_id, 'title', l.title, 'durationSeconds', l.duration_seconds,
          'isFreePreview', l.is_free_preview, 'hasVideo', l.video is not null,
          -- A free preview's streaming ladder (ready for the video it has now) and captions' languages; only previews pay.
          'ladder', case when l.is_free_preview and l.video is not null
            then exists (select 1 from ${videoJobs} j where j.lecture_id = l.id and j.source = l.video and j.status = 'ready') else false end,
          'captions', case when l.is_free_preview and l.video is not null
            then (select coalesce(json_agg(c.lang order by c.lang), '[]'::json) from ${lectureCaptions} c where c.lecture_id = l.id) else '[]'::json end)
          order by l.position, l.id), '[]'::json)
        from ${lectures} l where l.course_id = (select "id" from head)) as lectures,
      (select coalesce(json_agg(t.name order by t.name), '[]'::json)
        from ${courseTags} ct inner join ${tags} t on t.id = ct.tag_id where ct.course_id = (select "id" from head)) as tags,
      (select json_build_object('id', u.id, 'name', u.name, 'headline', u.headline, 'bio', u.bio, 'avatar', u.avatar,
          'courseCount', (select count(*)::int from ${courses} where ${courses.instructorId} = u.id and ${isPublicCourse}))
        from ${users} u where u.id = (select "instructorId" from head)) as instructor,
      (select coalesce(json_object_agg(d.rating, d.n), '{}'::json)
        from (select r.rating, count(*)::int as n from ${ratings} r where r.course_id = (select "id" from head) and r.hidden_at is null group by r.rating) d) as distribution,
      (select coalesce(json_agg(json_build_object('id', p.id, 'rating', p.rating, 'message', p.message,
          'name', (select u.name from ${users} u where u.id = p.participant_id), 'createdAt', p.created_at, 'updatedAt', p.updated_at)
          order by p.updated_at desc, p.id desc), '[]'::json)
        from review_page p) as reviews,
      (select "ratingCount" from head) as reviews_total
  ) as page`;
  type LectureJson = { id: number; sectionId: number; title: string; durationSeconds: number; isFreePreview: boolean; hasVideo: boolean; ladder: boolean; captions: string[] };
  return db
    .select({
      head: sql<CoursePageHead | null>`page.head`,
      card: sql<Record<string, unknown>[]>`page.card`,
      similarIds: sql<number[]>`page.similar_ids`,
      similarCards: sql<Record<string, unknown>[]>`page.similar_cards`,
      sections: sql<{ id: number; title: string; opensAt: string | null; opensAfterDays: number | null }[]>`page.sections`,
      lectures: sql<LectureJson[]>`page.lectures`,
      tags: sql<string[]>`page.tags`,
      instructor: sql<{ id: number; name: string; headline: string; bio: string; avatar: string | null; courseCount: number } | null>`page.instructor`,
      distribution: sql<Record<string, number>>`page.distribution`,
      reviews: sql<ReviewJson[]>`page.reviews`,
      reviewsTotal: sql<number | null>`page.reviews_total`,
    })
    .from(statement)
    .prepare(`course_page_${limits.reviews}_${limits.similar}`);
}

const coursePageStatements = new Map<string, ReturnType<typeof preparedPerDatabase<ReturnType<typeof prepareCoursePage>>>>();

/**
 * Everything the public course page shows, in one prepared statement (it was twelve, each built by
 * drizzle and planned by the server on every cache miss): the course (null when it is not public),
 * its card, the outline, tags, instructor with their public course count, the rating distribution,
 * the first page of reviews with their authors' names, and the similar courses' cards in order.
 */
export async function coursePageData(db: Db, courseId: number, limits: CoursePageLimits) {
  const key = `${limits.reviews}:${limits.similar}`;
  let statement = coursePageStatements.get(key);
  if (!statement) coursePageStatements.set(key, (statement = preparedPerDatabase((d) => prepareCoursePage(d, limits))));
  const [row] = await statement(db).execute({ courseId });
  if (!row?.head) return null;
  const cardsById = new Map(row.similarCards.map((c) => [c.id as number, cardRowFromJson(c)]));
  return {
    head: row.head,
    card: cardRowFromJson(row.card[0]!),
    outline: row.sections.map((s) => ({ ...s, lectures: row.lectures.filter((l) => l.sectionId === s.id) })),
    tags: row.tags,
    instructor: row.instructor!,
    distribution: row.distribution,
    reviews: {
      rows: row.reviews.map((r) => ({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) })),
      total: row.reviewsTotal ?? 0,
    },
    similar: row.similarIds.flatMap((id) => (cardsById.has(id) ? [cardsById.get(id)!] : [])),
  };
}

type CategorySort = Sort;
const categoryPageStatements = new Map<string, ReturnType<typeof preparedPerDatabase<ReturnType<typeof prepareCategoryPage>>>>();

function prepareCategoryPage(db: Db, sort: CategorySort, pageSize: number | null) {
  const order = sql.join(courseOrder(sort), sql`, `);
  const statement = sql`(
    with category as materialized (
      select ${categories.id} as id, ${categories.slug} as slug, ${categories.nameAr} as name_ar, ${categories.nameEn} as name_en
      from ${categories}
      where ${categories.id} = ${sql.placeholder('categoryId')} or ${categories.slug} = ${sql.placeholder('slug')}
      limit 1
    ),
    page as materialized (
      select ${courses.id} as id, row_number() over (order by ${order}) as position
      from ${courses} where ${isPublicCourse} and ${courses.categoryId} = (select id from category)
      order by ${order} limit ${pageSize === null ? sql.placeholder('limit') : literalCount(pageSize)} offset ${sql.placeholder('offset')}
    )
    select
      (select row_to_json(category) from category) as category,
      (select count(*)::int from ${courses} where ${isPublicCourse} and ${courses.categoryId} = (select id from category)) as total,
      (select coalesce(json_agg(id order by position), '[]'::json) from page) as ids,
      ${courseCardsJson(sql`select id from page`)} as cards
  ) as listing`;
  return db
    .select({
      category: sql<{ id: number; slug: string; name_ar: string; name_en: string } | null>`listing.category`,
      total: sql<number>`listing.total`,
      ids: sql<number[]>`listing.ids`,
      cards: sql<Record<string, unknown>[]>`listing.cards`,
    })
    .from(statement)
    .prepare(`category_page_${sort}_${pageSize ?? 'any'}`);
}

/**
 * A category (by id when `idOrSlug` is digits, by slug otherwise), its public course count and one
 * page of its courses' cards in the sort's order, in one prepared statement per sort (it was four,
 * plus the cards). Null when there is no such category. The site's own pages ask for the contract's
 * default size: its statements have the size written in (literalCount), so the server keeps their
 * plan. Other sizes, which only API clients ask for, share a statement with the size as a parameter.
 */
export async function categoryPageData(db: Db, idOrSlug: string, q: { sort: CategorySort; limit: number; offset: number }) {
  const pageSize = q.limit === CATEGORY_PAGE_SIZE ? q.limit : null;
  const key = `${q.sort}:${pageSize ?? 'any'}`;
  let statement = categoryPageStatements.get(key);
  if (!statement) categoryPageStatements.set(key, (statement = preparedPerDatabase((d) => prepareCategoryPage(d, q.sort, pageSize))));
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const [row] = await statement(db).execute({ categoryId: byId ? Number(idOrSlug) : -1, slug: byId ? '' : idOrSlug.toLowerCase(), limit: q.limit, offset: q.offset });
  if (!row?.category) return null;
  const cardsById = new Map(row.cards.map((c) => [c.id as number, cardRowFromJson(c)]));
  return { category: row.category, total: row.total, cards: row.ids.flatMap((id) => (cardsById.has(id) ? [cardsById.get(id)!] : [])) };
}
