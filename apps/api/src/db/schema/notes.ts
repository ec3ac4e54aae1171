import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './catalog';
import { lectures } from './learning';
import { users } from './users';

/**
 * A participant's private notes on a course's lectures (docs/notes.md): plain text, tied to a moment
 * of the lecture's video when there is one. Only their writer reads them; they go with the
 * participant, the course or the lecture.
 */
export const lectureNotes = pgTable(
  'lecture_notes',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: integer('lecture_id').notNull().references(() => lectures.id, { onDelete: 'cascade' }),
    /** Where in the lecture's video, in whole seconds; null for a note on the lecture as a whole. */
    positionSeconds: integer('position_seconds'),
    /** Plain text, markup removed (lib/sanitize.ts). */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A participant's notes of one course (the list, the exports, the cap per course).
    index('lecture_notes_participant_course_idx').on(t.participantId, t.courseId),
    index('lecture_notes_lecture_idx').on(t.lectureId),
  ],
);
