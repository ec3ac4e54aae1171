import { fromMinor, type CourseCard, type CourseDetails } from '@nibras/contract';
import { categoryOf } from '../../db/course-projection';
import type { CourseCardRow } from '../../db/course-cards';
import type { ReviewRow } from './catalog.queries';

/** Only these functions decide which course fields the public sees, and under which names. */

export function presentCourseCard(c: CourseCardRow, currency: string): CourseCard {
  return {
    id: c.id,
    title: c.title,
    subtitle: c.subtitle,
    language: c.language,
    level: c.level,
    price: fromMinor(c.priceMinor, currency),
    priceMinor: c.priceMinor,
    currency,
    isFree: c.priceMinor === 0,
    coverImage: c.coverImage ? `/api/media/cover/${c.id}` : null,
    category: categoryOf(c),
    instructor: { id: c.instructorId, name: c.instructorName },
    rating: { average: Number(c.ratingAverage ?? 0), count: c.ratingCount ?? 0 },
    enrollmentCount: c.enrollmentCount ?? 0,
    lectureCount: c.lectureCount ?? 0,
    durationSeconds: c.durationSeconds ?? 0,
    createdAt: c.createdAt.toISOString(),
    publishedAt: new Date(c.publishedAt).toISOString(),
  };
}

/** A review names the participant only: never an email (also the answer to rating a course). */
export function presentReview(r: Pick<ReviewRow, 'id' | 'rating' | 'message' | 'name' | 'createdAt' | 'updatedAt'>): CourseDetails['reviews']['items'][number] {
  return { id: r.id, rating: r.rating, message: r.message, participant: { name: r.name }, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

export function presentReviews(page: { rows: ReviewRow[]; total: number }, pageNumber: number, perPage: number): CourseDetails['reviews'] {
  return {
    items: page.rows.map(presentReview),
    page: pageNumber,
    perPage,
    total: page.total,
  };
}

export function presentInstructor(row: { id: number; name: string; headline: string; bio: string; avatar: string | null; courseCount: number }): CourseDetails['instructorProfile'] {
  return { ...row, avatar: row.avatar ? `/api/media/avatar/${row.id}` : null };
}

/** Ratings per star, every star present (a star nobody gave counts 0). */
export function presentDistribution(counts: Record<string, number>): CourseDetails['ratingDistribution'] {
  const dist = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const [star, n] of Object.entries(counts)) if (star in dist) dist[Number(star) as 1 | 2 | 3 | 4 | 5] = n;
  return dist;
}
