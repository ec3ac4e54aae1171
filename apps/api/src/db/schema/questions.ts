import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './catalog';
import { lectures } from './learning';
import { users } from './users';

/**
 * Questions on a lecture and their answers (docs/questions.md). answer_count and instructor_answered
 * follow the answers not hidden (kept by the questions module on every change of an answer);
 * "unanswered" is: no accepted answer, no answer by the course's instructor, not hidden.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    lectureId: integer('lecture_id').notNull().references(() => lectures.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A time of the lecture's video, in seconds. */
    positionSeconds: integer('position_seconds'),
    /** Title and body folded as course search folds them (lib/search-text.ts: buildSearchText). */
    searchText: text('search_text').notNull().default(''),
    acceptedAnswerId: integer('accepted_answer_id').references((): AnyPgColumn => questionAnswers.id, { onDelete: 'set null' }),
    answerCount: integer('answer_count').notNull().default(0),
    instructorAnswered: boolean('instructor_answered').notNull().default(false),
    upvoteCount: integer('upvote_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_lecture_idx').on(t.lectureId, t.createdAt.desc()),
    index('questions_course_idx').on(t.courseId, t.createdAt.desc()),
    index('questions_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The instructor's queue: oldest first, per course.
    index('questions_unanswered_idx')
      .on(t.courseId, t.createdAt)
      .where(sql`${t.acceptedAnswerId} is null and not ${t.instructorAnswered} and ${t.hiddenAt} is null`),
    index('questions_author_idx').on(t.authorId),
  ],
);

export const questionAnswers = pgTable(
  'question_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id').notNull().references((): AnyPgColumn => questions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    upvoteCount: integer('upvote_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_answers_question_idx').on(t.questionId, t.createdAt), index('question_answers_author_idx').on(t.authorId)],
);

/** One upvote per person and post: a question's or an answer's. */
export const questionUpvotes = pgTable(
  'question_upvotes',
  {
    questionId: integer('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index('question_upvotes_user_idx').on(t.userId)],
);

export const answerUpvotes = pgTable(
  'answer_upvotes',
  {
    answerId: integer('answer_id').notNull().references(() => questionAnswers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.userId] }), index('answer_upvotes_user_idx').on(t.userId)],
);

/** What the course's instructor and admins did to posts: each hide, show again and delete, with the reason. */
export const questionModeration = pgTable(
  'question_moderation',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['question', 'answer'] }).notNull(),
    /** The post's id (gone after a delete). */
    postId: integer('post_id').notNull(),
    action: text('action', { enum: ['hide', 'unhide', 'delete'] }).notNull(),
    reason: text('reason'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The start of the post, so a deleted one can still be told apart. */
    excerpt: text('excerpt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_moderation_course_idx').on(t.courseId, t.createdAt)],
);
