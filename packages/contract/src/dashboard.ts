import { z } from 'zod';
import { currencyCode } from './money-fields';
import { envelope } from './envelope';
import type { RouteDef } from './route-def';

/**
 * The admin dashboard (docs/admin-dashboard.md): the platform's figures, what waits for an admin,
 * and the monthly series the instructor dashboard shares (its own courses only).
 */

/** The approval statuses of a course, as authoring names them (authoring.ts imports this file, not the reverse). */
const COURSE_APPROVAL = ['draft', 'pending', 'approved', 'rejected'] as const;
export const LATEST_COURSE_FILTERS = ['all', ...COURSE_APPROVAL] as const;
export type LatestCourseFilter = (typeof LATEST_COURSE_FILTERS)[number];
/** How many courses `latestcourse/{id}` gives at most. */
export const LATEST_COURSE_LIMIT = 10;
/** How many people `recentPar` and `recentIns` give. */
export const RECENT_PEOPLE_LIMIT = 5;
export const MONTHS_IN_SERIES = 12;

const isoDate = z.string().describe('ISO 8601 date-time');
const count = z.number().int();

export const monthlyPoint = z.object({
  month: z.string().describe('YYYY-MM, a calendar month in UTC'),
  enrollments: count.describe('Enrolments made in the month'),
  revenue: z.number().describe('revenueMinor in major units, for reading only'),
  revenueMinor: z.number().int().describe('Sum of the orders paid in the month (by paid date), in minor units of the site currency'),
});
export const monthlySeries = z
  .array(monthlyPoint)
  .describe('The last 12 calendar months (UTC), oldest first, the current month last; a month without data is 0');
export type MonthlyPoint = z.infer<typeof monthlyPoint>;

export const adminDashboard = z.object({
  instructors: count.describe('Instructor accounts that are not deactivated'),
  participants: count.describe('Participant accounts that are not deactivated'),
  courses: z
    .object({ total: count, draft: count, pending: count, approved: count, rejected: count })
    .describe('Courses by approval status (deleted courses are not counted); pending = waiting for approval'),
  enrollments: count,
  revenue: z.number().describe('revenueMinor in major units, for reading only'),
  revenueMinor: z.number().int().describe('Sum of every paid order in minor units of the site currency (pending and cancelled orders are not revenue)'),
  currency: currencyCode,
  submissions_waiting: count.describe('Submitted assessments with a short answer waiting to be checked'),
  monthly: monthlySeries,
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const recentPerson = z.object({ id: count, name: z.string(), email: z.string(), created_at: isoDate });
export type RecentPerson = z.infer<typeof recentPerson>;

export const latestCourse = z.object({
  id: count,
  title: z.string(),
  instructor: z.object({ id: count, name: z.string() }),
  approve_status: z.enum(COURSE_APPROVAL),
  created_at: isoDate,
  updated_at: isoDate,
  submitted_at: isoDate.nullable(),
});
export type LatestCourse = z.infer<typeof latestCourse>;

export const latestCourseParams = z.strictObject({
  id: z
    .enum(LATEST_COURSE_FILTERS)
    .describe('The approval status to list (`all` for every status): `pending` gives the courses waiting for approval, oldest submission first; any other, the most recently changed first'),
});

const tags = ['dashboard'];

export const dashboardRoutes = {
  figures: {
    method: 'GET', path: '/api/admin/dashboard', access: 'admin', tags,
    summary: 'The platform in figures: people, courses by approval status, enrolments, revenue, submissions waiting for a check, and 12 months of enrolments and revenue',
    response: envelope(adminDashboard),
  },
  recentParticipants: {
    method: 'GET', path: '/api/admin/dashboard/recentPar', access: 'admin', tags,
    summary: 'The five participants who signed up last, newest first', response: envelope(z.array(recentPerson)),
  },
  recentInstructors: {
    method: 'GET', path: '/api/admin/dashboard/recentIns', access: 'admin', tags,
    summary: 'The five instructors who signed up last, newest first', response: envelope(z.array(recentPerson)),
  },
  latestCourses: {
    method: 'GET', path: '/api/admin/dashboard/latestcourse/:id', access: 'admin', tags,
    summary: '{id} is an approval status (draft, pending, approved, rejected) or `all`: up to 10 courses in it with how many there are. `pending` lists the courses waiting for approval, oldest submission first',
    params: latestCourseParams, response: envelope(z.object({ items: z.array(latestCourse), total: count })),
  },
} satisfies Record<string, RouteDef>;
