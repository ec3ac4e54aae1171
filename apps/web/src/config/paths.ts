import type { Role } from '@nibras/contract';

/** Roles that sign themselves up and share the public site. */
export type MemberRole = Exclude<Role, 'admin'>;
export type AuthMode = 'login' | 'register';

/** Route patterns as the router declares them; `paths` builds concrete links from them. */
export const patterns = {
  home: '/',
  about: '/about',
  contact: '/contact-us',
  privacy: '/privacy-policy',
  search: '/search',
  category: '/category/:id',
  courseDetails: '/course-details/:id',
  resetPassword: '/reset-password/:user/:id/:hash',
  adminLogin: '/admin/login',
  instructorLogin: '/instructor/login',
  instructorRegister: '/instructor/register',
  participantLogin: '/participant/login',
  participantRegister: '/participant/register',
  instructorForgotPassword: '/instructor/forgot-password',
  participantForgotPassword: '/participant/forgot-password',
  /** Where a Google sign-in comes back to (the spec's /participant/google/login), and the instructor's. */
  instructorGoogle: '/instructor/google/login',
  participantGoogle: '/participant/google/login',
  learn: '/participant/learn/:id',
  certificate: '/certificate/:code',
  /** The newsletter mails' links (docs/mail.md): public, no sign-in. */
  newsletterConfirm: '/newsletter/confirm/:token',
  newsletterUnsubscribe: '/newsletter/unsubscribe/:token',
} as const;

export const paths = {
  home: patterns.home,
  about: patterns.about,
  contact: patterns.contact,
  privacy: patterns.privacy,
  search: patterns.search,
  category: (id: string | number) => `/category/${encodeURIComponent(String(id))}`,
  courseDetails: (id: string | number) => `/course-details/${encodeURIComponent(String(id))}`,
  area: (role: Role) => `/${role}`,
  login: (role: Role) => `/${role}/login`,
  register: (role: MemberRole) => `/${role}/register`,
  forgotPassword: (role: MemberRole) => `/${role}/forgot-password`,
  google: (role: MemberRole) => `/${role}/google/login`,
  auth: (role: MemberRole, mode: AuthMode) => `/${role}/${mode}`,
  dashboard: (role: Role) => `/${role}/dashboard`,
  myProfile: (role: Role) => `/${role}/my-profile`,
  /** The admin's instructors or participants (spec: /admin/instructor, /admin/participant), and their forms. */
  members: (role: 'instructor' | 'participant') => `/admin/${role}`,
  newMember: (role: 'instructor' | 'participant') => `/admin/${role}/add`,
  editMember: (role: 'instructor' | 'participant', id: string | number) => `/admin/${role}/edit/${encodeURIComponent(String(id))}`,
  /** The admin's grants: one participant or a CSV list into a course, or a CSV import (docs/bulk-enrolment.md). */
  adminEnrolments: '/admin/enrolments',
  adminSubscribers: '/admin/subscribers',
  /** The admins' reports (docs/reports.md), and one course's drop-off. */
  adminReports: '/admin/reports',
  adminReportDropoff: (courseId: string | number) => `/admin/reports/courses/${encodeURIComponent(String(courseId))}`,
  /** A role's message centre (docs/messages.md); `?thread=` opens a thread, `?to=&course=` starts one. */
  messages: (role: Role) => `/${role}/messages`,
  newMessage: (role: Role, to: number, courseId?: number) => `/${role}/messages?to=${to}${courseId ? `&course=${courseId}` : ''}`,
  /** The admin's look at one user's conversations (no id: the user picker). */
  adminUserMessages: (userId?: string | number) => (userId === undefined ? '/admin/messages/user' : `/admin/messages/user/${encodeURIComponent(String(userId))}`),
  adminContactMessages: '/admin/contact-messages',
  learn: (courseId: string | number) => `/participant/learn/${encodeURIComponent(String(courseId))}`,
  certificate: (code: string) => `/certificate/${encodeURIComponent(code)}`,
  myCourses: '/participant/my-courses',
  wishlist: '/participant/wishlist',
  orders: '/participant/orders',
  adminOrders: '/admin/orders',
  adminInvoices: '/admin/invoices',
  /** Orders of the instructor's own courses. */
  instructorOrders: '/instructor/orders',
  /** Discount codes (docs/payments.md, "Coupons"): every coupon for admins, their own courses' for instructors. */
  coupons: (role: 'admin' | 'instructor') => `/${role}/coupons`,
  /** Review moderation (docs/reviews.md): every course's reviews for admins, their own courses' for instructors. */
  reviews: (role: 'admin' | 'instructor') => `/${role}/reviews`,
  /** Questions on lectures (docs/questions.md): the instructor's unanswered ones and every course's for admins. */
  questions: (role: 'admin' | 'instructor') => `/${role}/questions`,
  /** The admin's categories (spec: /admin/category), and their forms. */
  adminCategories: '/admin/category',
  newCategory: '/admin/category/new',
  editCategory: (id: string | number) => `/admin/category/${encodeURIComponent(String(id))}/edit`,
  /** The content pages' screens (docs/cms.md). */
  adminCms: (page: 'home' | 'contact' | 'about' | 'privacy') => `/admin/cms/${page}`,
  /** Course lists of the authoring roles (the spec's /admin/courses). */
  courses: (role: 'instructor' | 'admin') => `/${role}/courses`,
  newCourse: (role: 'instructor' | 'admin') => `/${role}/courses/new`,
  /** The six-step editor, opened on `step` (1 to 6). */
  editCourse: (role: 'instructor' | 'admin', id: string | number, step: number = 1) => `/${role}/courses/${encodeURIComponent(String(id))}/edit/${step}`,
  /** The whole course (list/{id}/b for instructors, list/{id}/a with the review for admins). */
  courseView: (role: 'instructor' | 'admin', id: string | number) => `/${role}/courses/${encodeURIComponent(String(id))}`,
  /** The participant's assessments (spec section 2), and one of them to take or review. */
  myAssessments: '/participant/my-assessment',
  assessment: (id: string | number) => `/participant/my-assessment/${encodeURIComponent(String(id))}`,
  /** Submissions to check: the spec's /instructor/assessment-summary and /admin/Assessment. */
  submissions: (role: 'instructor' | 'admin') => (role === 'admin' ? '/admin/Assessment' : '/instructor/assessment-summary'),
  /** Assignments (docs/assignments.md): a course's for its instructor or an admin, one's hand-ins, grading one, the queue of work to grade. */
  courseAssignments: (role: 'instructor' | 'admin', courseId: string | number) => `/${role}/courses/${encodeURIComponent(String(courseId))}/assignments`,
  assignmentSubmissions: (role: 'instructor' | 'admin', courseId: string | number, assignmentId: string | number) =>
    `/${role}/courses/${encodeURIComponent(String(courseId))}/assignments/${encodeURIComponent(String(assignmentId))}`,
  gradeSubmission: (role: 'instructor' | 'admin', submissionId: string | number) => `/${role}/grading/${encodeURIComponent(String(submissionId))}`,
  gradingQueue: (role: 'instructor' | 'admin') => `/${role}/grading`,
  /** The participant's assignments of a course, and one of them (mailLinks.assignment). */
  myCourseAssignments: (courseId: string | number) => `/participant/course/${encodeURIComponent(String(courseId))}/assignments`,
  myAssignment: (id: string | number) => `/participant/assignment/${encodeURIComponent(String(id))}`,
  /** One submission (b) of a course (a), as the review calls take them. */
  submission: (role: 'instructor' | 'admin', courseId: string | number, submissionId: string | number) =>
    `${role === 'admin' ? '/admin/Assessment' : '/instructor/assessment-summary'}/${encodeURIComponent(String(courseId))}/${encodeURIComponent(String(submissionId))}`,
  /** A course's gradebook (docs/gradebook.md): its learners by its items, for its instructor or an admin. */
  gradebook: (role: 'instructor' | 'admin', courseId: string | number) => `/${role}/gradebook/${encodeURIComponent(String(courseId))}`,
};

/** Pages anyone may open (spec section 2); the sign-in screens have rules of their own. */
export const PUBLIC_PATTERNS: readonly string[] = [
  patterns.home,
  patterns.about,
  patterns.contact,
  patterns.privacy,
  patterns.search,
  patterns.category,
  patterns.courseDetails,
  patterns.resetPassword,
  patterns.certificate,
  // A Google sign-in finishes here: it must stay open while the session it brings is being stored.
  patterns.instructorGoogle,
  patterns.participantGoogle,
  patterns.newsletterConfirm,
  patterns.newsletterUnsubscribe,
];

export const MEMBER_AUTH_PATTERNS: readonly string[] = [
  patterns.instructorLogin,
  patterns.instructorRegister,
  patterns.participantLogin,
  patterns.participantRegister,
  patterns.instructorForgotPassword,
  patterns.participantForgotPassword,
];
