/**
 * What other features use of the records (docs/records.md): the addresses of a learner's record, the participant's own
 * in a course, or one participant's for the course's instructor or an admin. Kept here, not in config/paths.ts, which
 * every public page loads.
 */
export const myRecordPath = (courseId: string | number) => `/participant/record/${encodeURIComponent(String(courseId))}`;

export const recordPath = (role: 'instructor' | 'admin', courseId: string | number, participantId: string | number) =>
  `/${role}/record/${encodeURIComponent(String(courseId))}/${encodeURIComponent(String(participantId))}`;
