import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './catalog';
import { assessmentQuestions, assessments } from './authoring';

const ATTEMPT_STATUSES = ['open', 'expired', 'pending', 'passed', 'failed'] as const;

/**
 * One attempt at an assessment; once submitted it is the submission (docs/quizzes.md). The pass
 * mark and time limit are copied when the attempt opens, so editing the assessment later does not
 * change the rules of an attempt under way or the verdict on one already graded.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id').notNull().references(() => assessments.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('open'),
    passMark: smallint('pass_mark').notNull(),
    timeLimitMinutes: integer('time_limit_minutes'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Chosen by the client per submission: a retry with the same key gets the first result back. */
    idempotencyKey: text('idempotency_key'),
    score: integer('score').notNull().default(0),
    maxScore: integer('max_score').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * The questions this attempt was given, in order, with what each is worth: written when the attempt opens if its
     * assessment draws from the question bank. Null: the assessment's own questions (docs/quizzes.md).
     */
    questions: jsonb('questions').$type<{ id: number; points: number }[]>(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_number_unique').on(t.assessmentId, t.participantId, t.number),
    // At most one attempt under way per participant and assessment, even when two tabs open one at once.
    uniqueIndex('quiz_attempts_one_open').on(t.assessmentId, t.participantId).where(sql`${t.status} = 'open'`),
    uniqueIndex('quiz_attempts_idempotency_unique').on(t.idempotencyKey),
    index('quiz_attempts_participant_idx').on(t.participantId, t.courseId),
    index('quiz_attempts_course_submitted_idx').on(t.courseId, t.submittedAt),
    // A course's attempts by learner and assessment with what the gradebook reads of them (docs/gradebook.md): its
    // best attempt per pair is a walk of this index in order, without reading the table or hashing every pair.
    // (drizzle has no INCLUDE: the columns read are keys after the three it is walked by.)
    index('quiz_attempts_gradebook_idx').on(t.courseId, t.participantId, t.assessmentId, t.status, t.score, t.maxScore, t.submittedAt, t.startedAt),
    index('quiz_attempts_pending_idx').on(t.submittedAt).where(sql`${t.status} = 'pending'`),
    check('quiz_attempts_status', sql`${t.status} in ('open', 'expired', 'pending', 'passed', 'failed')`),
    check('quiz_attempts_submitted', sql`(${t.status} in ('open', 'expired')) = (${t.submittedAt} is null)`),
  ],
);

/** One answer of a submission; `correct` is null while a short answer waits to be checked. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id').notNull().references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull().references(() => assessmentQuestions.id, { onDelete: 'cascade' }),
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default([]),
    text: text('text'),
    /** Matching, fill in the blanks and numeric answers: the pairs, the blanks' texts or the number given. */
    response: jsonb('response').$type<{ matches?: { option_id: number; choice_id: number }[]; blanks?: string[]; number?: number }>(),
    correct: boolean('correct'),
    /** The question's points when it was answered. */
    points: integer('points').notNull(),
    pointsAwarded: integer('points_awarded'),
    feedback: text('feedback'),
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('quiz_answers_attempt_question_unique').on(t.attemptId, t.questionId), index('quiz_answers_question_idx').on(t.questionId)],
);
