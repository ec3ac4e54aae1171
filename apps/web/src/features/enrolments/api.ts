import { adminAuthoringRoutes, enrolmentRoutes } from '@nibras/contract';
import { callRoute, uploadRoute, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type EnrolOneBody = RequestBody<typeof enrolmentRoutes.enrolOne>;
export type BulkReport = ResponseData<typeof enrolmentRoutes.importCsv>;

export const enrolmentKeys = {
  all: ['enrolments'] as const,
};

export const enrolmentQueries = {
  /** Approved courses matching the search, for the course picker (the admin's course list). */
  courses: (search: string) =>
    routeQuery([...enrolmentKeys.all, 'courses', search], adminAuthoringRoutes.list, {
      query: { page: 1 },
      body: { search, approve_status: 'approved', perPage: 20, sortConfig: { key: 'title', direction: 'asc' } },
    }),
};

export function enrolOne(body: EnrolOneBody) {
  return callRoute(enrolmentRoutes.enrolOne, { body });
}

/** A CSV list into the course, or (no course) imported as accounts only; a dry run writes nothing. */
export function sendCsv(courseId: number | null, file: File, dryRun: boolean, onProgress?: (percent: number) => void) {
  const fields = { dryRun: String(dryRun) };
  return courseId === null
    ? uploadRoute(enrolmentRoutes.importCsv, { fields, file, onProgress })
    : uploadRoute(enrolmentRoutes.enrolCsv, { params: { id: courseId }, fields, file, onProgress });
}
