/**
 * The key prefixes of the signed-in areas' words (admin and instructor screens), which the build writes to
 * `{lng}.back-office.json` apart from the public pages' catalog (i18n/back-office.ts). Plain data: the build's
 * plugin reads it too.
 */
export const BACK_OFFICE_PREFIXES = [
  'authoring.',
  'adminCms.',
  'adminCategories.',
  'members.',
  'subscribers.',
  'adminOrders.',
  'instructorOrders.',
  'contactMessages.',
  'coupons.',
  'enrolments.',
  'reviews.',
  // The participant's notes beside the player (a role shell's screen too).
  'notes.',
  'questions.',
  // A course's gradebook: the instructor's and the admin's.
  'gradebook.',
  // A learner's record: the participant's own, and the instructor's and admin's look at one participant.
  'records.',
  // Assignments: the participant's, and the instructor's and admin's screens and grading queue.
  'assignments.',
  // The admins' reports.
  'reports.',
] as const;
