import type { CourseCard, CourseDetails } from '@nibras/contract';
import { courseCardRows } from '../../db/course-cards';
import { ENROLMENT_FOLD_MS, foldEnrolmentCounts } from '../../db/enrolment-count';
import { AppError } from '../../lib/app-error';
import { PUBLIC_READ_TTL_MS } from '../../lib/ttl-cache';
import { pendingInstructions } from '../../lib/payments';
import type { AppContext } from '../../context';
import { bankOf } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { presentCourseCard, presentDistribution, presentInstructor, presentReviews } from './catalog.presenter';
import {
  categoriesWithCounts,
  categoryPageData,
  courseOutline as outlineRows,
  coursePageData,
  courseReviews,
  findPublicCourse,
  publicCourseIds,
  viewerState,
} from './catalog.queries';

const CATALOG_CACHE_PREFIX = 'catalog:';
// On PGlite every query runs on the one JavaScript thread: a public read served from memory
// leaves it to the requests that must reach the database (docs/decisions/011).
const HOME_TTL_MS = PUBLIC_READ_TTL_MS;
const HOME_LIST_SIZE = 8;
const REVIEWS_PER_PAGE = 10;
const SIMILAR_COURSES = 4;

/**
 * Course cards for the given ids, in the order given (callers decide ranking); ids that are not
 * public courses are left out. Search, wishlist and enrolment lists show the same cards.
 */
export async function loadCourseCards(ctx: AppContext, ids: number[]): Promise<CourseCard[]> {
  const byId = new Map((await courseCardRows(ctx.db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentCourseCard(row, ctx.config.currency)] : [];
  });
}

/** A course's sections with their lectures, in the authored order. */
export function courseOutline(ctx: AppContext, courseId: number) {
  return outlineRows(ctx.db, courseId);
}

/** Ratings, enrolments, course changes and instructor profiles call this so public reads follow at once. */
/**
 * Folds the enrolments' pending deltas into the courses' counters (migration 0013); after a fold
 * that changed something, the catalog's cached answers go (a popular sort's order may have changed).
 * The figures shown never wait for it: they add the pending deltas (db/enrolment-count.ts).
 */
export async function foldEnrolments(ctx: AppContext): Promise<number> {
  const folded = await foldEnrolmentCounts(ctx.db);
  if (folded > 0) invalidateCatalog(ctx);
  return folded;
}

/** foldEnrolments every ENROLMENT_FOLD_MS, one at a time, until stopped (stop waits for a fold under way). */
export function startEnrolmentFolds(ctx: AppContext, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = foldEnrolments(ctx)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, ENROLMENT_FOLD_MS).unref();
      });
  };
  return {
    start: () => {
      stopped = false;
      tick();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export function invalidateCatalog(ctx: AppContext) {
  ctx.cache.invalidate(CATALOG_CACHE_PREFIX);
  ctx.publicResponses.invalidate('');
}

/** A public read kept for PUBLIC_READ_TTL_MS under the catalog's prefix (so invalidateCatalog drops it). */
export function cachedPublicRead<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  return ctx.cache.getOrLoad(`${CATALOG_CACHE_PREFIX}${key}`, PUBLIC_READ_TTL_MS, load);
}

export function homePage(ctx: AppContext) {
  return ctx.cache.getOrLoad(`${CATALOG_CACHE_PREFIX}home`, HOME_TTL_MS, async () => {
    const [topIds, newestIds, cats] = await Promise.all([
      publicCourseIds(ctx.db, { sort: 'rating', limit: HOME_LIST_SIZE }),
      publicCourseIds(ctx.db, { sort: 'newest', limit: HOME_LIST_SIZE }),
      categoriesWithCounts(ctx.db),
    ]);
    const cards = await loadCourseCards(ctx, [...new Set([...topIds, ...newestIds])]);
    const byId = new Map(cards.map((c) => [c.id, c]));
    const pick = (ids: number[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    // Top courses: best rated, ties broken by enrolments.
    const top = pick(topIds).sort((a, b) => b.rating.average - a.rating.average || b.rating.count - a.rating.count || b.enrollmentCount - a.enrollmentCount);
    return {
      topCourses: top,
      newestCourses: pick(newestIds),
      categories: cats,
      // Every category: a visitor looks in the footer for the one they want (six of eleven left five unreachable from it).
      footerCategories: cats.map(({ courseCount: _c, ...c }) => c),
    };
  });
}

export function categoryPage(ctx: AppContext, idOrSlug: string, q: { page: number; perPage: number; sort: 'newest' | 'rating' | 'popular' | 'price_asc' | 'price_desc' }) {
  return cachedPublicRead(ctx, `category:${idOrSlug}:${q.page}:${q.perPage}:${q.sort}`, () => loadCategoryPage(ctx, idOrSlug, q));
}

async function loadCategoryPage(ctx: AppContext, idOrSlug: string, q: { page: number; perPage: number; sort: 'newest' | 'rating' | 'popular' | 'price_asc' | 'price_desc' }) {
  const listing = await categoryPageData(ctx.db, idOrSlug, { sort: q.sort, limit: q.perPage, offset: (q.page - 1) * q.perPage });
  if (!listing) throw new AppError('api.category.not_found', 404);
  const { category, total, cards } = listing;
  return { category: { ...category, courseCount: total }, items: cards.map((card) => presentCourseCard(card, ctx.config.currency)), page: q.page, perPage: q.perPage, total };
}

function lectureVideoUrl(lectureId: number) {
  return `/api/media/lecture/${lectureId}`;
}

/** Pending, rejected and deleted courses do not exist for the public, whatever the id. */
export async function publicCourseOr404(ctx: AppContext, id: number) {
  const course = await findPublicCourse(ctx.db, id);
  if (!course) throw new AppError('api.course.not_found', 404);
  return course;
}

/** The course page: what every visitor sees comes from the public-read cache; only the viewer's own state is read per request. */
export async function courseDetails(ctx: AppContext, id: number, viewer: RequestUser | null): Promise<CourseDetails> {
  const [page, state] = await Promise.all([
    cachedPublicRead(ctx, `course:${id}`, () => loadCourseDetails(ctx, id)),
    viewer ? viewerState(ctx.db, viewer.id, id) : Promise.resolve(null),
  ]);
  return {
    ...page,
    viewer: state && {
      enrolled: state.enrolled,
      wishlisted: state.wishlisted,
      rating: state.rating,
      // After a reload the participant still sees how to pay, instead of being offered the order again.
      pendingPayment: state.pendingOrder ? pendingInstructions(bankOf(ctx), state.pendingOrder) : null,
    },
  };
}

async function loadCourseDetails(ctx: AppContext, id: number): Promise<Omit<CourseDetails, 'viewer'>> {
  const page = await coursePageData(ctx.db, id, { reviews: REVIEWS_PER_PAGE, similar: SIMILAR_COURSES });
  if (!page) throw new AppError('api.course.not_found', 404);
  const { head: course } = page;
  return {
    ...presentCourseCard(page.card, ctx.config.currency),
    description: course.description,
    promoVideoUrl: course.promoVideo ? `/api/media/promo/${id}` : null,
    coverAlt: course.coverAlt,
    learnPoints: course.learnPoints,
    requirements: course.requirements,
    audience: course.audience,
    tags: page.tags,
    sections: page.outline.map((s) => ({
      id: s.id,
      title: s.title,
      // The rule as authored (docs/authoring.md): the date each participant's section opens is theirs alone (the player's).
      opensAt: s.opensAt ? new Date(s.opensAt).toISOString() : null,
      opensAfterDays: s.opensAfterDays,
      lectures: s.lectures.map((l) => ({
        id: l.id,
        title: l.title,
        durationSeconds: l.durationSeconds,
        isFreePreview: l.isFreePreview,
        previewUrl: l.isFreePreview && l.hasVideo ? lectureVideoUrl(l.id) : null,
        // A free preview plays for anyone: its ladder and captions need no grant (media.service's watchableLecture).
        previewStream: l.ladder
          ? { masterUrl: `/api/media/lecture/${l.id}/stream/master.m3u8`, posterUrl: `/api/media/lecture/${l.id}/stream/poster.jpg`, thumbnailsUrl: `/api/media/lecture/${l.id}/stream/thumbs.vtt` }
          : null,
        previewCaptions: l.captions.map((lang) => ({ lang, url: `/api/media/lecture/${l.id}/captions/${lang}` })),
      })),
    })),
    instructorProfile: presentInstructor(page.instructor),
    ratingDistribution: presentDistribution(page.distribution),
    reviews: presentReviews(page.reviews, 1, REVIEWS_PER_PAGE),
    similar: page.similar.map((card) => presentCourseCard(card, ctx.config.currency)),
    // Site settings, the same for every visitor: card only with a card gateway (docs/payments.md).
    paymentMethods: ctx.cardGateway ? ['card', 'bank_transfer'] : ['bank_transfer'],
  };
}

export function publicReviews(ctx: AppContext, id: number, page: number) {
  return cachedPublicRead(ctx, `reviews:${id}:${page}`, async () => {
    await publicCourseOr404(ctx, id);
    return presentReviews(await courseReviews(ctx.db, id, page, REVIEWS_PER_PAGE), page, REVIEWS_PER_PAGE);
  });
}
