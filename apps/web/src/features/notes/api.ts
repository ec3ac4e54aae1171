import { noteRoutes } from '@nibras/contract';
import { callRoute, fetchFile, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type NotePage = ResponseData<typeof noteRoutes.list>;
export type Note = NotePage['items'][number];

/** Every query of the feature starts with 'notes'; one course's pages with ['notes', 'course', id]. */
export const noteKeys = {
  all: ['notes'] as const,
  course: (courseId: number) => ['notes', 'course', courseId] as const,
};

export const noteQueries = {
  course: (courseId: number, page: number) => routeQuery([...noteKeys.course(courseId), page], noteRoutes.list, { params: { id: courseId }, query: { page } }),
};

export function addNote(courseId: number, body: RequestBody<typeof noteRoutes.add>) {
  return callRoute(noteRoutes.add, { params: { id: courseId }, body });
}

export function editNote(id: number, body: RequestBody<typeof noteRoutes.edit>) {
  return callRoute(noteRoutes.edit, { params: { id }, body });
}

export function deleteNote(id: number) {
  return callRoute(noteRoutes.remove, { params: { id } });
}

/** The course's notes as a file to save: Markdown or PDF, headed in the reader's language. */
export function exportNotes(courseId: number, format: 'markdown' | 'pdf') {
  return fetchFile(format === 'pdf' ? noteRoutes.exportPdf : noteRoutes.exportMarkdown, { params: { id: courseId } });
}
