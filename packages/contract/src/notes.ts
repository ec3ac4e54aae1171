import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

/**
 * A participant's private notes on a course's lectures (docs/notes.md): plain text, at a moment of the
 * lecture's video when there is one; listed per course in the outline's order, exported as Markdown or PDF.
 */

export const NOTE_MAX_LENGTH = 5000;
/** Notes one participant may keep on one course. */
export const NOTES_PER_COURSE_MAX = 1000;
/** Notes per page of a course's list. */
export const NOTES_PER_PAGE = 100;

const id = numeric(z.number().int().min(1).max(2_147_483_647));
const noteText = z.string().trim().min(1).max(NOTE_MAX_LENGTH).describe('Plain text, 1 to 5,000 characters; any markup is removed');
const position = numeric(z.number().int().min(0).max(86_400))
  .nullable()
  .optional()
  .describe("The moment of the lecture's video, in whole seconds; null or left out: the lecture as a whole");

export const noteAddBody = z.strictObject({
  lecture_id: id.describe('A lecture of the course in the path'),
  position_seconds: position,
  body: noteText,
});

export const noteEditBody = z.strictObject({
  body: noteText,
  position_seconds: position.describe('Left out: the moment stays; null: the lecture as a whole'),
});

export const note = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  lectureId: z.number().int(),
  lectureTitle: z.string(),
  sectionId: z.number().int(),
  sectionTitle: z.string(),
  positionSeconds: z.number().int().nullable(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof note>;

export const noteDeleted = z.object({ id: z.number().int() });

const tags = ['notes'];
const files = { types: ['text/markdown'], ranges: false } as const;

export const noteRoutes = {
  list: {
    method: 'GET', path: '/api/participant/course/:id/notes', access: 'participant', errors: [403, 404], tags,
    summary: "Your notes on course {id}, in the outline's order (section, lecture), then by moment (a note on the whole lecture first), then oldest first; 100 a page",
    params: idParam, query: pageQuery, response: envelope(listData(note)),
  },
  add: {
    method: 'POST', path: '/api/participant/course/:id/notes', access: 'participant', errors: [403, 404, 409, 429], tags,
    summary: 'Write a note on a lecture of course {id}, which you are enrolled in (a lecture of another course: 404); at most 1,000 a course (409); 429 past NOTES_MAX_PER_MINUTE writes a minute',
    params: idParam, body: noteAddBody, response: envelope(note),
  },
  edit: {
    method: 'POST', path: '/api/participant/notes/:id', access: 'participant', errors: [403, 404, 429], tags,
    summary: 'Change one of your notes: its text, and its moment when sent', params: idParam, body: noteEditBody, response: envelope(note),
  },
  remove: {
    method: 'POST', path: '/api/participant/notes/:id/delete', access: 'participant', errors: [403, 404, 429], tags,
    summary: 'Delete one of your notes', params: idParam, response: envelope(noteDeleted),
  },
  exportMarkdown: {
    method: 'GET', path: '/api/participant/course/:id/notes/markdown', access: 'participant', errors: [403, 404], tags,
    summary: 'Your notes on course {id} as a Markdown file (text/markdown; UTF-8), headed in your language, in the list\'s order',
    params: idParam, file: files,
  },
  exportPdf: {
    method: 'GET', path: '/api/participant/course/:id/notes/pdf', access: 'participant', errors: [403, 404], tags,
    summary: 'Your notes on course {id} as a PDF (A4; Arabic shaped right to left), headed in your language, in the list\'s order',
    params: idParam, file: { types: ['application/pdf'], ranges: false },
  },
} satisfies Record<string, RouteDef>;

/** A note's moment as the list, the exports and the player show it: 1:23, or 1:02:03 past an hour. */
export function noteTimeText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  // As the player's clock and the questions' times say it (lib/format.ts formatClock): 1:23, 1:02:05.
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
