import type { Role } from './route-def';

/**
 * The web app's screens that mails link to (docs/mail.md), as paths under PUBLIC_URL. The API builds
 * every mailed link from these; the web app's test (apps/web/src/app/mail-links.test.ts) checks that
 * each one is a screen of its route table, so a renamed route cannot leave mails linking to nothing.
 */
const id = (value: string | number) => encodeURIComponent(String(value));

export const mailLinks = {
  dashboard: (role: Role) => `/${role}/dashboard`,
  /** Where someone who did not change their password goes: the reset of their role (an admin has none: the sign-in). */
  passwordHelp: (role: Role) => (role === 'admin' ? '/admin/login' : `/${role}/forgot-password`),
  /** The admin's view of a course, with the review form. */
  adminCourse: (courseId: number) => `/admin/courses/${id(courseId)}`,
  instructorCourse: (courseId: number) => `/instructor/courses/${id(courseId)}`,
  participantOrders: () => '/participant/orders',
  /** One thread of a role's messages (the bell's message notifications open it). */
  messageThread: (role: Role, threadId: number) => `/${role}/messages?thread=${id(threadId)}`,
  /** The public course page; `payment` says how a card payment came back (docs/payments.md). */
  courseDetails: (courseId: number, payment?: 'paid' | 'pending' | 'failed') => `/course-details/${id(courseId)}${payment ? `?payment=${payment}` : ''}`,
  learn: (courseId: number) => `/participant/learn/${id(courseId)}`,
  assessment: (assessmentId: number) => `/participant/my-assessment/${id(assessmentId)}`,
  /** One assignment, with what the participant handed in and its grade (docs/assignments.md). */
  assignment: (assignmentId: number) => `/participant/assignment/${id(assignmentId)}`,
  certificate: (code: string) => `/certificate/${id(code)}`,
  newsletterConfirm: (token: string) => `/newsletter/confirm/${id(token)}`,
  newsletterUnsubscribe: (token: string) => `/newsletter/unsubscribe/${id(token)}`,
} as const;
