import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './catalog';
import { assessments } from './authoring';
import { users } from './users';

/**
 * A course's gradebook settings (docs/gradebook.md): the pass mark of the final grade and the items' weights, by key
 * (`lectures`, `a<assessment id>`, `s<assignment id>`); an item not in `weights` weighs 1, the lectures 0. A course
 * without a row has the defaults.
 */
export const gradebookSettings = pgTable(
  'gradebook_settings',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    passMark: smallint('pass_mark').notNull().default(60),
    weights: jsonb('weights').$type<Record<string, number>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('gradebook_settings_pass_mark_range', sql`${t.passMark} between 0 and 100`)],
);

/**
 * Where each learner stands with each assessment, for the gradebook (docs/gradebook.md): the best submitted percent, whether
 * the assessment is failed (a failed attempt, none passed or waiting), and the latest moment an attempt was opened or
 * sent. Kept by triggers on quiz_attempts whatever writes them (migration 0033), so the gradebook groups one row per
 * learner and assessment by learner instead of grouping every attempt by learner and assessment on each page.
 */
export const quizStandings = pgTable(
  'quiz_standings',
  {
    assessmentId: integer('assessment_id').notNull().references(() => assessments.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    bestPercent: integer('best_percent'),
    failed: boolean('failed').notNull().default(false),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.participantId] }), index('quiz_standings_course_idx').on(t.courseId, t.participantId)],
);
