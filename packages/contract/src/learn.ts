import { z } from 'zod';
import { COURSE_LANGUAGES } from './catalog';
import { envelope, idParam } from './envelope';
import type { RouteDef } from './routes';
import { progressSummary } from './learner';

export const COMPLETION_THRESHOLD = 0.9;

export const learnLecture = z.object({
  id: z.number().int(),
  title: z.string(),
  durationSeconds: z.number().int(),
  isFreePreview: z.boolean(),
  videoUrl: z.string().nullable().describe('Signed, short-lived URL of the video; streams with HTTP Range'),
  positionSeconds: z.number().int().describe('Where the participant stopped'),
  watchedSeconds: z.number().int(),
  completed: z.boolean(),
});

export const learnCourse = z.object({
  course: z.object({ id: z.number().int(), title: z.string(), language: z.enum(COURSE_LANGUAGES), instructorName: z.string() }),
  sections: z.array(z.object({ id: z.number().int(), title: z.string(), lectures: z.array(learnLecture) })),
  progress: progressSummary,
  resume: z.object({ lectureId: z.number().int(), positionSeconds: z.number().int() }).nullable().describe('The lecture to open: the last one watched, else the first unfinished'),
  certificate: z.object({ code: z.string(), url: z.string() }).nullable(),
});

export const progressBody = z.strictObject({
  lecture_id: z.coerce.number().int().min(1).max(2_147_483_647),
  position_seconds: z.coerce.number().min(0).max(86_400).describe('Current playback position'),
  played_seconds: z.coerce.number().min(0).max(3600).describe('Seconds actually played since the previous report'),
});

export const progressResult = z.object({
  lectureId: z.number().int(),
  positionSeconds: z.number().int(),
  watchedSeconds: z.number().int(),
  completed: z.boolean(),
  courseProgress: progressSummary,
  certificate: z.object({ code: z.string(), url: z.string() }).nullable(),
});

export const certificateView = z.object({
  code: z.string(),
  participantName: z.string(),
  courseTitle: z.string(),
  courseLanguage: z.enum(COURSE_LANGUAGES),
  instructorName: z.string(),
  issuedAt: z.string(),
});

export const learnRoutes = {
  course: {
    method: 'GET', path: '/api/participant/learn/:id', access: 'participant', tags: ['learning'],
    summary: 'Study a course you are enrolled in: outline with your progress, signed video URLs, where to resume',
    params: idParam, response: envelope(learnCourse),
  },
  progress: {
    method: 'POST', path: '/api/participant/learn/progress', access: 'participant', tags: ['learning'],
    summary: 'Report watching: saves the position; a lecture completes at 90 % watched (credited no faster than real time)',
    body: progressBody, response: envelope(progressResult),
  },
  certificate: {
    method: 'GET', path: '/api/public/certificate/:code', access: 'public', tags: ['learning'],
    summary: 'Verify a certificate by its code', params: z.strictObject({ code: z.string().min(4).max(40) }), response: envelope(certificateView),
  },
} satisfies Record<string, RouteDef>;
