import { recordRoutes, type Role } from '@nibras/contract';
import type { ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type LearnerRecordView = ResponseData<typeof recordRoutes.own>;
export type RecordLectureView = LearnerRecordView['lectures'][number];
export type RecordAssessmentView = LearnerRecordView['assessments'][number];
export type RecordAssignmentView = LearnerRecordView['assignments'][number];

/** Every query of the feature starts with 'records'; one record with its role, course and participant (0: one's own). */
export const recordKeys = {
  all: ['records'] as const,
  record: (role: Role, courseId: number, participantId: number) => ['records', role, courseId, participantId] as const,
};

export const recordQueries = {
  /** The participant's own record in course `courseId`, or participant `participantId`'s for the course's instructor or an admin. */
  record: (role: Role, courseId: number, participantId: number) =>
    role === 'participant'
      ? routeQuery(recordKeys.record(role, courseId, 0), recordRoutes.own, { params: { id: courseId } })
      : routeQuery(recordKeys.record(role, courseId, participantId), recordRoutes[role], { params: { courseId, participantId } }),
};
