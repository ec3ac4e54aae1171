import type { Note } from '@nibras/contract';
import type { NoteRow } from './notes.queries';

/** A note as the participant reads it: its text, its moment, and where it sits in the outline. */
export function presentNote(row: NoteRow): Note {
  return {
    id: row.id,
    courseId: row.courseId,
    lectureId: row.lectureId,
    lectureTitle: row.lectureTitle,
    sectionId: row.sectionId,
    sectionTitle: row.sectionTitle,
    positionSeconds: row.positionSeconds,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentNotePage(rows: NoteRow[], page: { page: number; perPage: number; total: number }) {
  return { items: rows.map(presentNote), ...page };
}
