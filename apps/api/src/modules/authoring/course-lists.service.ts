import { and, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PER_PAGE_DEFAULT, type AuthoringCourseItem, type courseListBody } from '@nibras/contract';
import { courses, users } from '../../db/schema';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { previewUrl } from './media-preview';
import { presentCategory } from './authoring.presenter';
import { instructorFigures, listCourses, type ListRow, type ListSort } from './authoring.queries';
import { containsPattern } from '../../lib/like-pattern';

const RECENT_COUNT = 5;
const DAY_MS = 86_400_000;

/** A LIKE pattern that matches the text literally (% and _ typed by a user are not wildcards). */


async function presentItem(ctx: AppContext, viewer: RequestUser, r: ListRow): Promise<AuthoringCourseItem> {
  const c = r.course;
  return {
    id: c.id,
    title: c.title,
    subtitle: c.subtitle,
    language: c.language,
    level: c.level,
    price: Number(c.price),
    category: presentCategory(r),
    instructor: { id: c.instructorId, name: r.instructorName },
    cover_image_url: c.coverImage ? await previewUrl(ctx, viewer, c.id, 'cover') : null,
    approve_status: c.approveStatus,
    completion_status: c.completionStatus,
    is_public: c.approveStatus === 'approved',
    review_message: c.reviewMessage,
    enrollment_count: r.enrollmentCount ?? 0,
    lecture_count: r.lectureCount ?? 0,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    submitted_at: c.submittedAt ? c.submittedAt.toISOString() : null,
    reviewed_at: c.reviewedAt ? c.reviewedAt.toISOString() : null,
  };
}

function sortOf(config: z.output<typeof courseListBody>['sortConfig']): ListSort {
  if (!config?.key) return { key: 'updated_at', desc: config?.direction ? config.direction.startsWith('desc') : true };
  return { key: config.key, desc: config.direction ? config.direction.startsWith('desc') : false };
}

/**
 * POST /api/instructor/mycourse/list (own courses) and POST /api/admin/course/list (every course):
 * deleted courses never appear; admins also search by instructor name and email.
 */
export async function listCoursesFor(ctx: AppContext, user: RequestUser, page: number, body: z.output<typeof courseListBody>) {
  const perPage = body.perPage ?? PER_PAGE_DEFAULT;
  const where: SQL[] = [isNull(courses.deletedAt)];
  if (user.role === 'instructor') where.push(eq(courses.instructorId, user.id));
  if (body.language) where.push(eq(courses.language, body.language));
  if (body.completion_status) where.push(eq(courses.completionStatus, body.completion_status));
  if (body.approve_status) where.push(eq(courses.approveStatus, body.approve_status));
  const search = body.search?.trim();
  if (search) {
    const like = containsPattern(search);
    const byInstructor = user.role === 'admin' ? [ilike(users.name, like), ilike(users.email, like)] : [];
    where.push(or(ilike(courses.title, like), ilike(courses.subtitle, like), ...byInstructor)!);
  }
  const { rows, total } = await listCourses(ctx.db, and(...where)!, sortOf(body.sortConfig), perPage, (page - 1) * perPage);
  return { items: await Promise.all(rows.map((r) => presentItem(ctx, user, r))), page, perPage, total };
}

export async function recentCourses(ctx: AppContext, user: RequestUser) {
  const { rows } = await listCourses(ctx.db, and(isNull(courses.deletedAt), eq(courses.instructorId, user.id))!, { key: 'updated_at', desc: true }, RECENT_COUNT, 0);
  return Promise.all(rows.map((r) => presentItem(ctx, user, r)));
}

export async function instructorDashboard(ctx: AppContext, user: RequestUser) {
  const [figures, recent] = await Promise.all([instructorFigures(ctx.db, user.id, new Date(Date.now() - 30 * DAY_MS)), recentCourses(ctx, user)]);
  const byStatus = Object.fromEntries(figures.byStatus.map((r) => [r.status, r.n])) as Partial<Record<'draft' | 'pending' | 'approved' | 'rejected', number>>;
  return {
    courses: {
      total: figures.byStatus.reduce((sum, r) => sum + r.n, 0),
      draft: byStatus.draft ?? 0,
      pending: byStatus.pending ?? 0,
      approved: byStatus.approved ?? 0,
      rejected: byStatus.rejected ?? 0,
    },
    enrollments: { total: figures.enrolled.total, last_30_days: figures.enrolled.recent },
    revenue: { total: Number(figures.revenue.total), last_30_days: Number(figures.revenue.recent), paid_orders: figures.revenue.n },
    rating: { average: Number(figures.rating.average ?? 0), count: figures.rating.n },
    recent_courses: recent,
  };
}
