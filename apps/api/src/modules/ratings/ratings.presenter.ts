import type { z } from 'zod';
import type { ModeratedReview, ratingResult } from '@nibras/contract';
import { presentReview } from '../catalog/catalog.presenter';
import type { ModeratedRow, RatingRow, RatingSummaryRow } from './ratings.queries';

/** The rating just saved, as the course's reviews show it, and the course's rating after it. */
export function presentRatingResult(row: RatingRow, participantName: string, summary: RatingSummaryRow | undefined): z.infer<typeof ratingResult> {
  return {
    review: presentReview({ ...row, name: participantName }),
    courseRating: { average: Number(summary?.average ?? 0), count: summary?.count ?? 0 },
  };
}

/** A review as its moderators see it, with whether (and why, by whom) it is hidden. */
export function presentModeratedReview(r: ModeratedRow): ModeratedReview {
  return {
    id: r.id,
    rating: r.rating,
    message: r.message,
    course: { id: r.courseId, title: r.courseTitle },
    participant: { id: r.participantId, name: r.participantName },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? '', by: r.hiddenBy === null ? null : { id: r.hiddenBy, name: r.hiderName ?? '' } } : null,
  };
}
