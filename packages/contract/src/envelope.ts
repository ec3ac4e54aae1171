import { z } from 'zod';
import { numeric } from './numbers';

/** Every success response: `{ success, status, message, data }` (status mirrors success for the spec's instructor screens). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    status: z.literal(true),
    message: z.string(),
    data,
  });
}

/** Every failure response: HTTP 4xx/5xx with translated message and field messages. */
export const errorEnvelope = z
  .object({
    success: z.literal(false),
    status: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.string()).describe('Field path -> translated message'),
  })
  .describe('Error envelope');
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const PER_PAGE_DEFAULT = 10;
export const PER_PAGE_MAX = 100;

export function listData<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
  });
}

/** `?page=` on every list; default 1. */
export const pageQuery = z.strictObject({
  page: numeric(z.number().int().min(1).max(1_000_000)).default(1),
});

export const idParam = z.strictObject({ id: numeric(z.number().int().min(1).max(2_147_483_647)) });

/** The spec's `{ course_id }` bodies. */
export const courseIdBody = z.strictObject({ course_id: numeric(z.number().int().min(1).max(2_147_483_647)) });
