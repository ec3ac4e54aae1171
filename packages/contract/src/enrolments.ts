import { z } from 'zod';
import { envelope, idParam } from './envelope';
import type { RouteDef } from './route-def';

/**
 * An admin's grants (issue 28, point 7; docs/bulk-enrolment.md): one participant or a CSV list enrolled in a
 * course without an order, and participants imported from CSV without a course. Accounts made here have no
 * password: each is mailed a link to set one.
 */
export const BULK_ENROLMENT_LIMITS = {
  /** Lines of participants a CSV file may hold (the header not counted). */
  lines: 10_000,
  /** Bytes a CSV file may hold. */
  bytes: 5 * 1_048_576,
  /** Days an invitation's set-password link works. */
  invitationDays: 7,
} as const;

/** Why a line of a CSV file is not imported: it is reported with its line number, and the other lines go ahead. */
export const BULK_LINE_PROBLEMS = ['invalid_email', 'duplicate', 'missing_name', 'bad_name', 'already_enrolled', 'deactivated'] as const;
export type BulkLineProblem = (typeof BULK_LINE_PROBLEMS)[number];

const email = z.email().max(254);
/** A participant's name as a CSV line or the form gives it: plain text, two characters at least once cleaned. */
export const PARTICIPANT_NAME_MAX = 100;

export const enrolOneBody = z
  .strictObject({
    courseId: idParam.shape.id.describe('The course (approved, not deleted)'),
    email: email.describe('The participant\'s email: an existing participant is enrolled, else an account is made'),
    name: z.string().trim().max(PARTICIPANT_NAME_MAX).optional().describe('Needed only when no participant has this email'),
  })
  .describe('Enrol one participant');

const dryRun = z
  .enum(['true', 'false'])
  .default('false')
  .describe('"true": check the file and report what would happen, writing nothing');

export const bulkCsvFields = z.strictObject({ dryRun }).describe('Multipart text field, sent before the file part `file` (a CSV: columns email,name, UTF-8)');

const courseRef = z.object({ id: z.number().int(), title: z.string() });

export const bulkLineReport = z.object({
  line: z.number().int().describe('The line of the file (the header is line 1)'),
  email: z.string().describe('The line\'s email as written (cut to 254 characters)'),
  reason: z.enum(BULK_LINE_PROBLEMS),
  /** For a duplicate: the line that has the same email first. */
  sameAs: z.number().int().nullable(),
});
export type BulkLineReport = z.infer<typeof bulkLineReport>;

export const bulkReport = z.object({
  dryRun: z.boolean(),
  course: courseRef.nullable().describe('null: an import without a course'),
  lines: z.number().int().describe('Lines of participants read (the header and blank lines not counted)'),
  created: z.number().int().describe('Accounts made (a dry run: that would be made), each invited by mail'),
  enrolled: z.number().int().describe('Enrolments granted (or that would be)'),
  existing: z.number().int().describe('Lines naming a participant who already has an account'),
  problems: z.array(bulkLineReport).describe('Each line left out, in file order'),
});
export type BulkReport = z.infer<typeof bulkReport>;

export const enrolOneResult = z.object({
  course: courseRef,
  participant: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created: z.boolean().describe('A new account was made and invited'),
});

const tags = ['admin enrolments'];

export const enrolmentRoutes = {
  enrolOne: {
    method: 'POST', path: '/api/admin/enrolments/one', access: 'admin', errors: [404, 409], tags, body: enrolOneBody, response: envelope(enrolOneResult),
    summary: 'Enrol one participant in a course as an admin grant (no order): an unknown email gets a new account (a name is then needed) and an invitation to set a password; an existing participant gets an "enrolled" mail unless turned off',
  },
  enrolCsv: {
    method: 'POST', path: '/api/admin/enrolments/course/:id/csv', access: 'admin', errors: [404, 409], tags, params: idParam, multipart: true, multipartFields: bulkCsvFields,
    response: envelope(bulkReport),
    summary: `Enrol a CSV list in a course: multipart field \`dryRun\`, then the file \`file\` (email,name; UTF-8, at most ${BULK_ENROLMENT_LIMITS.lines} lines and ${BULK_ENROLMENT_LIMITS.bytes / 1_048_576} MB). Each bad line is reported with its number and left out; the rest is written in batches, and running the file again changes nothing`,
  },
  importCsv: {
    method: 'POST', path: '/api/admin/enrolments/import', access: 'admin', tags, multipart: true, multipartFields: bulkCsvFields, response: envelope(bulkReport),
    summary: 'Import participants from a CSV list without a course: the same file, checks, dry run and report as the course\'s list; new accounts are invited to set a password',
  },
} satisfies Record<string, RouteDef>;
