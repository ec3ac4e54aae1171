import type { FastifyRequest } from 'fastify';
import { bulkCsvFields, enrolOneBody, mailLinks, PARTICIPANT_NAME_MAX, type BulkLineProblem } from '@nibras/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';
import { cleanName, createParticipantsWithoutPassword, participantsByEmails, type UserRow } from '../accounts/accounts.service';
import { createInvitationLinks } from '../accounts/password-reset.service';
import { composeMail, composeNotification, insertComposedMails, mailQueued, siteLink, type NewMail } from '../mail/mail.service';
import { checkWholeFile, csvLines, receiveCsv, type CsvLine } from './csv-file';
import { presentEnrolOne, presentReport, type Report } from './enrolments.presenter';
import { enrolledAmong, findCourse, insertGrants, type GrantCourse } from './enrolments.queries';

/** Lines looked up and written together: a few hundred rows a statement, one transaction a batch. */
export const BATCH_LINES = 500;

/**
 * New accounts are made in Arabic, the site's language: their invitation is written in it, and the account's mail
 * language follows its own sign-ins afterwards (docs/mail.md).
 */
const NEW_ACCOUNT_LANGUAGE = 'ar' as const;

const email = enrolOneBody.shape.email;

/** A course an admin may grant: it exists, is not deleted (404) and is approved (409), as a course that can be ordered. */
async function grantableCourse(ctx: AppContext, id: number): Promise<GrantCourse> {
  const course = await findCourse(ctx.db, id);
  if (!course || course.deletedAt) throw new AppError('api.enrolments.course_not_found', 404);
  if (course.approveStatus !== 'approved') throw new AppError('api.enrolments.course_not_public', 409);
  return course;
}

interface NewAccount {
  line: number;
  email: string;
  name: string;
}

/** What a batch decided, before writing: the accounts to make and the existing participants to enrol. */
interface Plan {
  create: NewAccount[];
  enrol: UserRow[];
}

/** The name a new account gets, or why the line cannot make one. */
function nameProblem(name: string): BulkLineProblem | null {
  if (name === '') return 'missing_name';
  if (name.length < 2 || name.length > PARTICIPANT_NAME_MAX) return 'bad_name';
  return null;
}

/**
 * Decides each line of a batch against the database (one statement for the accounts, one for the enrolments):
 * an existing participant is enrolled (or reported already enrolled, or deactivated), an unknown email makes an
 * account if the line has a usable name. Problems go to the report; nothing is written.
 */
async function planBatch(ctx: AppContext, course: GrantCourse | null, lines: CsvLine[], report: Report): Promise<Plan> {
  const accounts = await participantsByEmails(ctx.db, lines.map((l) => l.email));
  const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
  const enrolled = course ? await enrolledAmong(ctx.db, course.id, accounts.map((a) => a.id)) : new Set<number>();
  const plan: Plan = { create: [], enrol: [] };
  for (const line of lines) {
    const account = byEmail.get(line.email.toLowerCase());
    let problem: BulkLineProblem | null = null;
    if (account) {
      if (account.deactivatedAt) problem = 'deactivated';
      else if (enrolled.has(account.id)) problem = 'already_enrolled';
      else {
        report.existing += 1;
        if (course) plan.enrol.push(account);
      }
    } else {
      const name = cleanName(line.name);
      problem = nameProblem(name);
      if (!problem) plan.create.push({ line: line.line, email: line.email, name });
    }
    if (problem) report.problems.push({ line: line.line, email: line.email.slice(0, 254), reason: problem, sameAs: null });
  }
  return plan;
}

/**
 * Writes a batch in one transaction: the accounts (one statement), their invitation links (one), the enrolments
 * (one) and every mail (one): each new account's invitation, and each existing participant's "you were enrolled"
 * unless turned off. The mails are queued exactly when what they report is written (the outbox); only what this
 * transaction wrote is mailed, so a batch run twice, or two runs at once, mail nobody twice. Returns what it wrote.
 */
async function writeBatch(ctx: AppContext, adminId: number, course: GrantCourse | null, plan: Plan): Promise<{ made: UserRow[]; granted: number; existing: number }> {
  return ctx.db.transaction(async (tx) => {
    const made = await createParticipantsWithoutPassword(tx, plan.create.map(({ name, email }) => ({ name, email })), NEW_ACCOUNT_LANGUAGE);
    const madeEmails = new Set(made.map((a) => a.email.toLowerCase()));
    // Made by someone else since the plan was read: enrolled as existing accounts.
    const raced = plan.create.filter((c) => !madeEmails.has(c.email.toLowerCase()));
    const others = raced.length ? (await participantsByEmails(tx, raced.map((r) => r.email))).filter((a) => !a.deactivatedAt) : [];
    const existing = [...plan.enrol, ...others];
    const { days, links } = await createInvitationLinks(tx, ctx.config.publicUrl, made.map((a) => a.id));
    const granted = new Set(course ? await insertGrants(tx, course.id, adminId, [...made, ...existing].map((a) => a.id)) : []);
    const mails: NewMail[] = made.map((account) =>
      composeMail(ctx, {
        to: account.email,
        lang: account.lang,
        template: { kind: 'invitation', params: { name: account.name, link: links.get(account.id)!, days, course: course?.title ?? null } },
      }),
    );
    if (course) {
      const link = siteLink(ctx, mailLinks.learn(course.id));
      for (const account of existing) {
        if (!granted.has(account.id)) continue;
        const mail = composeNotification(ctx, account, (to) => ({ kind: 'course_granted', params: { name: to.name, course: course.title, link } }));
        if (mail) mails.push(mail);
      }
    }
    await insertComposedMails(tx, mails);
    return { made, granted: granted.size, existing: others.length };
  });
}

/** A plan counted as the report's "would create / would enrol" (a dry run), or written and counted as done. */
async function runPlan(ctx: AppContext, adminId: number, course: GrantCourse | null, plan: Plan, dryRun: boolean, report: Report): Promise<void> {
  if (dryRun) {
    report.created += plan.create.length;
    if (course) report.enrolled += plan.create.length + plan.enrol.length;
    return;
  }
  if (plan.create.length === 0 && plan.enrol.length === 0) return;
  const written = await writeBatch(ctx, adminId, course, plan);
  report.created += written.made.length;
  report.enrolled += written.granted;
  report.existing += written.existing;
}

/**
 * A CSV list imported by an admin, into a course or (courseId null) without one (docs/bulk-enrolment.md). The file is
 * checked whole first (text, size, lines, readable CSV: refused as a whole with a 4xx, nothing written); then read
 * again in batches of BATCH_LINES: each line with a bad email, a duplicate of an earlier line, no usable name for a
 * new account, an account deactivated or already enrolled is reported with its number and left out; the rest is
 * written batch by batch (a dry run writes nothing and reports the same). Running it again changes nothing.
 */
export async function importCsv(ctx: AppContext, adminId: number, request: FastifyRequest, courseId: number | null) {
  let course: GrantCourse | null = null;
  const received = await receiveCsv(request, bulkCsvFields, async () => {
    if (courseId !== null) course = await grantableCourse(ctx, courseId);
  });
  const dryRun = received.fields.dryRun === 'true';
  const report: Report = { dryRun, course, lines: 0, created: 0, enrolled: 0, existing: 0, problems: [] };
  try {
    await checkWholeFile(received.file);
    const firstLine = new Map<string, number>();
    let batch: CsvLine[] = [];
    for await (const line of csvLines(received.file)) {
      report.lines += 1;
      const key = line.email.toLowerCase();
      const problem: BulkLineProblem | null = !email.safeParse(line.email).success ? 'invalid_email' : firstLine.has(key) ? 'duplicate' : null;
      if (problem) {
        report.problems.push({ line: line.line, email: line.email.slice(0, 254), reason: problem, sameAs: problem === 'duplicate' ? firstLine.get(key)! : null });
        continue;
      }
      firstLine.set(key, line.line);
      batch.push(line);
      if (batch.length === BATCH_LINES) {
        await runPlan(ctx, adminId, course, await planBatch(ctx, course, batch, report), dryRun, report);
        batch = [];
      }
    }
    if (batch.length) await runPlan(ctx, adminId, course, await planBatch(ctx, course, batch, report), dryRun, report);
  } finally {
    await received.dispose();
  }
  if (!dryRun && (report.created > 0 || report.enrolled > 0)) mailQueued(ctx);
  // Batches report their problems as they are decided: in file order for the reader.
  report.problems.sort((a, b) => a.line - b.line);
  return presentReport(report);
}

/**
 * One participant enrolled by an admin: the same rules and mails as a line of a CSV list, each refusal a field
 * message (an unknown email without a name, an account deactivated or already enrolled).
 */
export async function enrolOne(ctx: AppContext, adminId: number, input: z.output<typeof enrolOneBody>) {
  const course = await grantableCourse(ctx, input.courseId);
  const report: Report = { dryRun: false, course, lines: 1, created: 0, enrolled: 0, existing: 0, problems: [] };
  const plan = await planBatch(ctx, course, [{ line: 1, email: input.email.trim(), name: input.name ?? '' }], report);
  const problem = report.problems[0]?.reason;
  if (problem === 'already_enrolled' || problem === 'deactivated') throw new AppError(`api.enrolments.${problem}`, 409, { fields: { email: `api.enrolments.${problem}` } });
  if (problem) throw new AppError('api.validation.failed', 400, { fields: { name: problem === 'missing_name' ? 'api.enrolments.name_required' : 'api.enrolments.bad_name' } });
  const written = await writeBatch(ctx, adminId, course, plan);
  if (written.granted === 0) throw new AppError('api.enrolments.already_enrolled', 409, { fields: { email: 'api.enrolments.already_enrolled' } });
  mailQueued(ctx);
  const participant = written.made[0] ?? plan.enrol[0] ?? (await participantsByEmails(ctx.db, [input.email.trim()]))[0]!;
  return presentEnrolOne(course, participant, written.made.length > 0);
}
