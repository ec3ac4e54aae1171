import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './catalog';
import { sections } from './learning';

/**
 * An assignment in a section of a course (docs/assignments.md): instructions, an optional due date, and what the
 * participant hands in: one file of the allowed types and size, or a text answer.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised to the rich-text allow-list (lib/sanitize.ts) before it is stored. */
    instructions: text('instructions').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    acceptLate: boolean('accept_late').notNull().default(true),
    kind: text('kind', { enum: ['file', 'text'] }).notNull(),
    fileTypes: jsonb('file_types').$type<string[]>().notNull().default([]),
    maxSizeMb: smallint('max_size_mb').notNull().default(10),
    points: integer('points').notNull().default(100),
    passMark: smallint('pass_mark').notNull().default(50),
    rubric: jsonb('rubric').$type<{ title: string; points: number }[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_course_idx').on(t.courseId, t.position),
    index('assignments_section_idx').on(t.sectionId),
    check('assignments_kind', sql`${t.kind} in ('file', 'text')`),
    check('assignments_pass_mark_range', sql`${t.passMark} between 0 and 100`),
    check('assignments_points_positive', sql`${t.points} > 0`),
    check('assignments_max_size_range', sql`${t.maxSizeMb} between 1 and 50`),
  ],
);

/**
 * A participant's hand-in: one row per participant and assignment, replaced by each new hand-in until the due date
 * (`versions` counts them; the grade, if any, is cleared). `late` is decided when it is handed in.
 */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id').notNull().references(() => assignments.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    text: text('text'),
    /** Storage key of the file, served only through the owner's or a grader's route. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    late: boolean('late').notNull().default(false),
    versions: integer('versions').notNull().default(1),
    score: integer('score'),
    rubricScores: jsonb('rubric_scores').$type<number[]>().notNull().default([]),
    feedback: text('feedback'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assignment_submissions_one').on(t.assignmentId, t.participantId),
    index('assignment_submissions_participant_idx').on(t.participantId, t.courseId),
    // A course's hand-ins at once: the gradebook (docs/gradebook.md).
    index('assignment_submissions_course_idx').on(t.courseId, t.participantId),
    // The graders' queue: what waits, the oldest first.
    index('assignment_submissions_ungraded_idx').on(t.courseId, t.submittedAt).where(sql`${t.gradedAt} is null`),
    // The admins' reports (docs/reports.md): who handed in work in a period, site-wide.
    index('assignment_submissions_submitted_idx').on(t.submittedAt, t.courseId, t.participantId),
    check('assignment_submissions_graded', sql`(${t.gradedAt} is null) = (${t.score} is null)`),
  ],
);
