import { z } from 'zod';
import { numeric } from './numbers';
import { envelope } from './envelope';
import type { RouteDef } from './route-def';
import { LECTURE_TYPES, progressSummary } from './learning';
import { ASSESSMENT_STANDINGS, quizQuestion, submissionResult } from './quiz';
import { ASSIGNMENT_STANDINGS, assignmentSubmission } from './assignments';

/**
 * A learner's record (issue 30, point 5; docs/records.md): one participant in one course, as the participant sees
 * their own, the course's instructor sees theirs and an admin sees anyone's. Progress over time, every lecture, every
 * submitted attempt with its answers (never the right ones: the same shape the participant gets), and time spent.
 */

const dbId = numeric(z.number().int().min(1).max(2_147_483_647));

export const recordLecture = z.object({
  id: z.number().int(),
  title: z.string(),
  section_title: z.string(),
  type: z.enum(LECTURE_TYPES),
  duration_seconds: z.number().int(),
  watched_seconds: z.number().int().describe('Seconds of the lecture played (videos); 0 for articles and PDFs'),
  completed_at: z.string().nullable(),
  last_studied_at: z.string().nullable(),
});

export const recordAssessment = z.object({
  id: z.number().int(),
  title: z.string(),
  pass_mark: z.number().int(),
  standing: z.enum(ASSESSMENT_STANDINGS),
  best_percent: z.number().int().nullable().describe('The best submitted attempt; null before any'),
  questions: z.array(quizQuestion).describe('As the participant sees them (no right answers), for reading the attempts'),
  attempts: z.array(submissionResult).describe('Every submitted attempt with its answers, newest first'),
});

export const recordAssignment = z.object({
  id: z.number().int(),
  title: z.string(),
  section_title: z.string(),
  due_at: z.string().nullable(),
  points: z.number().int(),
  pass_mark: z.number().int(),
  rubric: z
    .array(z.object({ title: z.string(), points: z.number().int() }))
    .describe('The criteria, in order (empty: no rubric): what the submission\'s rubric_scores are out of'),
  standing: z.enum(ASSIGNMENT_STANDINGS),
  submission: assignmentSubmission.nullable().describe('What was handed in and its grade; the file is downloaded from its own route'),
});

export const learnerRecord = z.object({
  course: z.object({ id: z.number().int(), title: z.string() }),
  participant: z.object({ id: z.number().int(), name: z.string() }),
  enrolled_at: z.string(),
  completed_at: z.string().nullable(),
  last_studied_at: z.string().nullable().describe('The latest of: a lecture played or completed, an assessment opened or sent'),
  progress: progressSummary,
  time_spent: z.object({
    lectures_seconds: z.number().int().describe('Lectures played, in seconds'),
    assessments_seconds: z.number().int().describe('From opening to sending each submitted attempt'),
  }),
  timeline: z
    .array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), completed_lectures: z.number().int(), percent: z.number().int() }))
    .describe('Progress over time: the enrolment day, then each day a lecture was completed, with the running totals'),
  lectures: z.array(recordLecture).describe("In the course's order"),
  assessments: z.array(recordAssessment).describe("In the course's order"),
  assignments: z.array(recordAssignment).describe("In the outline's order"),
});

export type LearnerRecord = z.infer<typeof learnerRecord>;
export type RecordAssignment = z.infer<typeof recordAssignment>;

const pair = z.strictObject({ courseId: dbId.describe('Course id'), participantId: dbId.describe('Participant id') });
const tags = ['records'];

export const recordRoutes = {
  own: {
    method: 'GET', path: '/api/participant/record/:id', access: 'participant', errors: [403, 404], tags,
    summary: 'Your record in a course you are enrolled in: progress over time, lectures, attempts with your answers, time spent',
    params: z.strictObject({ id: dbId.describe('Course id') }), response: envelope(learnerRecord),
  },
  instructor: {
    method: 'GET', path: '/api/instructor/record/:courseId/:participantId', access: 'instructor', errors: [403, 404], tags,
    summary: "A participant's record in one of your courses (404 when they are not enrolled; 403 for another instructor's course)",
    params: pair, response: envelope(learnerRecord),
  },
  admin: {
    method: 'GET', path: '/api/admin/record/:courseId/:participantId', access: 'admin', errors: [404], tags,
    summary: "A participant's record in any course (404 when they are not enrolled)",
    params: pair, response: envelope(learnerRecord),
  },
} satisfies Record<string, RouteDef>;
