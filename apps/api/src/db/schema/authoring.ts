import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from './catalog';

/**
 * Step 5 of course authoring: assessments (quizzes) of a course, their questions and options.
 * Quiz taking and grading build on these tables, so the rules a question must satisfy are kept
 * in one place (packages/contract/src/authoring.ts, `questionProblem`) and positions are dense
 * per parent (0, 1, 2, …) after every save.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Percent of the points needed to pass. */
    passMark: smallint('pass_mark').notNull().default(50),
    /** Null: no time limit. */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** Null: unlimited attempts. */
    maxAttempts: integer('max_attempts'),
    /** Each attempt gets the questions, and each question its options, in an order of its own (docs/quizzes.md). */
    shuffle: boolean('shuffle').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assessments_course_idx').on(t.courseId, t.position),
    check('assessments_pass_mark_range', sql`${t.passMark} between 0 and 100`),
    check('assessments_time_limit_positive', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} > 0`),
    check('assessments_max_attempts_positive', sql`${t.maxAttempts} is null or ${t.maxAttempts} > 0`),
  ],
);

/**
 * A course's question bank (docs/quizzes.md, question banks): questions grouped by topic, which belong to no assessment;
 * assessments draw from them at random for each attempt (assessment_draws).
 */
export const questionTopics = pgTable(
  'question_topics',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('question_topics_course_idx').on(t.courseId, t.position)],
);

const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short', 'matching', 'ordering', 'fill_blanks', 'numeric'] as const;
/** A random key from 1 to 2^31 - 1: what a participant sees of an ordering or matching option instead of its id. */
const randomKey = sql`(floor(random() * 2147483646) + 1)::integer`;

export const assessmentQuestions = pgTable(
  'assessment_questions',
  {
    id: serial('id').primaryKey(),
    /** An assessment's own question; null for a question of the bank, which has a topic instead. */
    assessmentId: integer('assessment_id').references(() => assessments.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').references(() => questionTopics.id, { onDelete: 'cascade' }),
    type: text('type', { enum: QUESTION_TYPES }).notNull(),
    text: text('text').notNull(),
    points: integer('points').notNull().default(1),
    position: integer('position').notNull().default(0),
    /** Short-answer questions: answers graded as correct (compared case- and space-insensitively); empty means graded by hand. */
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    /** Numeric questions: the right number, and how far from it an answer may be. */
    numericAnswer: doublePrecision('numeric_answer'),
    numericTolerance: doublePrecision('numeric_tolerance').notNull().default(0),
  },
  (t) => [
    index('assessment_questions_assessment_idx').on(t.assessmentId, t.position),
    index('assessment_questions_topic_idx').on(t.topicId, t.position).where(sql`${t.topicId} is not null`),
    check('assessment_questions_one_parent', sql`(${t.assessmentId} is null) <> (${t.topicId} is null)`),
    check('assessment_questions_type', sql`${t.type} in ('single', 'multiple', 'true_false', 'short', 'matching', 'ordering', 'fill_blanks', 'numeric')`),
    check('assessment_questions_tolerance', sql`${t.numericTolerance} >= 0`),
    check('assessment_questions_points', sql`${t.points} >= 0`),
  ],
);

export const questionOptions = pgTable(
  'question_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id').notNull().references(() => assessmentQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Matching questions: what this option (the prompt) pairs with. */
    matchText: text('match_text'),
    /** Ordering and matching: the option's and its match's names for the participant (docs/quizzes.md). */
    optionKey: integer('option_key').notNull().default(randomKey),
    matchKey: integer('match_key').notNull().default(randomKey),
  },
  (t) => [index('question_options_question_idx').on(t.questionId, t.position)],
);

/**
 * An assessment's random questions: each attempt draws `count` questions of the topic at random, each worth `points`
 * in this assessment (docs/quizzes.md). A topic an assessment draws from cannot be deleted (no action: checked when
 * the statement ends, so a course deleted with both goes).
 */
export const assessmentDraws = pgTable(
  'assessment_draws',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id').notNull().references(() => assessments.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').notNull().references(() => questionTopics.id, { onDelete: 'no action' }),
    count: integer('count').notNull(),
    points: integer('points').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('assessment_draws_topic_unique').on(t.assessmentId, t.topicId),
    index('assessment_draws_topic_idx').on(t.topicId),
    check('assessment_draws_count', sql`${t.count} > 0`),
    check('assessment_draws_points', sql`${t.points} >= 0`),
  ],
);
