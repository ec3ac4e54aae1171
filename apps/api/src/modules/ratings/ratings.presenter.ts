import type { z } from 'zod';
import type { ratingResult } from '@nibras/contract';
import { presentReview } from '../catalog/catalog.presenter';
import type { RatingRow, RatingSummaryRow } from './ratings.queries';

/** The rating just saved, as the course's reviews show it, and the course's rating after it. */
export function presentRatingResult(row: RatingRow, participantName: string, summary: RatingSummaryRow | undefined): z.infer<typeof ratingResult> {
  return {
    review: presentReview({ ...row, name: participantName }),
    courseRating: { average: Number(summary?.average ?? 0), count: summary?.count ?? 0 },
  };
}
