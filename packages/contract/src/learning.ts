import { z } from 'zod';
import { numeric } from './numbers';
import { COURSE_LANGUAGES, courseCard } from './catalog';
import { certificateLink } from './certificates';
import { envelope, idParam, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

export const progressSummary = z.object({ percent: z.number().int(), completedLectures: z.number().int(), totalLectures: z.number().int() });
export const enrolledCourse = courseCard.extend({ enrolledAt: z.string(), completedAt: z.string().nullable(), progress: progressSummary });
export type ProgressSummary = z.infer<typeof progressSummary>;
export type EnrolledCourse = z.infer<typeof enrolledCourse>;

export const COMPLETION_THRESHOLD = 0.9;

/** What a lecture is (docs/authoring.md, "Lecture types"): a video, an article (rich text) or a PDF shown in the page. */
export const LECTURE_TYPES = ['video', 'article', 'pdf'] as const;
export type LectureType = (typeof LECTURE_TYPES)[number];

export const learnLecture = z.object({
  id: z.number().int(),
  title: z.string(),
  durationSeconds: z.number().int(),
  isFreePreview: z.boolean(),
  videoUrl: z.string().nullable().describe('Signed, short-lived URL of the video; streams with HTTP Range'),
  stream: z
    .object({
      masterUrl: z.string().describe('The HLS master playlist (hls.js, or native HLS); its rungs carry their own short-lived token'),
      posterUrl: z.string(),
      thumbnailsUrl: z.string().describe('WebVTT mapping each stretch of the video to a thumbnail (#xywh=), for seeking'),
    })
    .nullable()
    .describe('The streaming ladder, once it is ready (docs/video.md); null: play videoUrl'),
  captions: z.array(z.object({ lang: z.string(), url: z.string().describe('WebVTT, with the same grant as videoUrl') })).describe("The lecture's captions, one per language"),
  opensAt: z
    .string()
    .nullable()
    .describe("Scheduled release: when the lecture opens for you (its section's date, or your enrolment plus its days); null: open. Until then videoUrl, stream and captions are null or empty and its files and progress are refused (403)"),
  positionSeconds: z.number().int().describe('Where the participant stopped'),
  watchedSeconds: z.number().int(),
  completed: z.boolean(),
  type: z.enum(LECTURE_TYPES).describe('video: completes at 90 % watched; article and pdf: complete when read to the end or marked done (POST learn/complete)'),
  articleUrl: z.string().nullable().describe("An article's sanitised HTML (text/html, with the lecture's grant); null for other types"),
  pdf: z
    .object({
      url: z.string().describe('The PDF, for the viewer in the page (inline)'),
      downloadUrl: z.string().nullable().describe('The same file as a download; null when the instructor did not allow downloading'),
    })
    .nullable()
    .describe('A PDF lecture\'s file; null for other types or before it is uploaded'),
  resources: z
    .array(z.object({ id: z.number().int(), name: z.string(), contentType: z.string(), size: z.number().int(), url: z.string().describe('Downloads it (with the lecture\'s grant)') }))
    .describe("The lecture's files for download"),
});

export const learnCourse = z.object({
  course: z.object({ id: z.number().int(), title: z.string(), language: z.enum(COURSE_LANGUAGES), instructorName: z.string(), instructorId: z.number().int() }),
  sections: z.array(z.object({ id: z.number().int(), title: z.string(), opensAt: z.string().nullable().describe('Scheduled release: when the section opens for you; null: open'), lectures: z.array(learnLecture) })),
  progress: progressSummary,
  resume: z.object({ lectureId: z.number().int(), positionSeconds: z.number().int() }).nullable().describe('The lecture to open: the last one watched, else the first open one'),
  certificate: certificateLink.nullable(),
});

export type LearnCourse = z.infer<typeof learnCourse>;

export const progressBody = z.strictObject({
  lecture_id: numeric(z.number().int().min(1).max(2_147_483_647)),
  position_seconds: numeric(z.number().min(0).max(86_400)).describe('Current playback position'),
  played_seconds: numeric(z.number().min(0).max(3600)).describe('Seconds actually played since the previous report'),
});

export const completeBody = z.strictObject({
  lecture_id: numeric(z.number().int().min(1).max(2_147_483_647)).describe('An article or PDF lecture (a video completes by watching: 409)'),
});

export const progressResult = z.object({
  lectureId: z.number().int(),
  positionSeconds: z.number().int(),
  watchedSeconds: z.number().int(),
  completed: z.boolean(),
  courseProgress: progressSummary,
  certificate: certificateLink.nullable(),
});

export const participantDashboard = z.object({
  enrolledCount: z.number().int(),
  completedCount: z.number().int(),
  inProgress: z.array(enrolledCourse).describe('Started or not, not yet complete; most recently studied first'),
  recent: z.array(enrolledCourse),
  certificates: z.array(z.object({ code: z.string(), url: z.string(), courseId: z.number().int(), courseTitle: z.string(), issuedAt: z.string() })),
});

export const learningRoutes = {
  course: {
    method: 'GET', path: '/api/participant/learn/:id', access: 'participant', errors: [404], tags: ['learning'],
    summary: 'Study a course you are enrolled in: outline with your progress, signed video URLs, where to resume',
    params: idParam, response: envelope(learnCourse),
  },
  progress: {
    method: 'POST', path: '/api/participant/learn/progress', access: 'participant', errors: [404], tags: ['learning'],
    summary: 'Report watching: saves the position; a lecture completes at 90 % watched (credited no faster than real time); a lecture not open yet is refused (403)',
    body: progressBody, response: envelope(progressResult),
  },
  complete: {
    method: 'POST', path: '/api/participant/learn/complete', access: 'participant', errors: [404, 409], tags: ['learning'],
    summary: 'Mark an article or PDF lecture complete (read to its end, its last page shown, or "mark as done"); refused (409) for a video lecture, which completes by watching',
    body: completeBody, response: envelope(progressResult),
  },
  enrolledList: {
    method: 'GET', path: '/api/participant/enrollcourse/list/:id', access: 'participant', tags: ['enrolments'],
    summary: "Courses the participant is enrolled in, with progress; the id must be the caller's own (403 otherwise)",
    params: idParam, query: pageQuery, response: envelope(listData(enrolledCourse)),
  },
  recentEnrolled: {
    method: 'GET', path: '/api/participant/recent/enroll/course/list', access: 'participant', tags: ['enrolments'],
    summary: 'The five most recent enrolments', response: envelope(z.array(enrolledCourse)),
  },
  dashboard: {
    method: 'GET', path: '/api/participant/dashboard', access: 'participant', tags: ['enrolments'],
    summary: 'Everything the participant dashboard shows, in one call', response: envelope(participantDashboard),
  },
} satisfies Record<string, RouteDef>;
