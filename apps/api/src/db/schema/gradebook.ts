import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './catalog';

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
