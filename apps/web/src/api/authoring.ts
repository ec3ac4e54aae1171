import { adminAuthoringRoutes, instructorAuthoringRoutes, type JsonRouteDef } from '@nibras/contract';
import { currentToken } from '../app/session';
import { callRoute, uploadFile, type ApiResult, type CallOptions, type ResponseData } from './http';

/** The two roles that build courses (docs/authoring.md): the same calls under /api/{role}/course. */
export type AuthoringRole = 'instructor' | 'admin';

type InstructorRoutes = typeof instructorAuthoringRoutes;
/** Calls both roles have, with the same shapes (an admin's step 1 also takes instructor_id). */
export type SharedAuthoringCall = keyof InstructorRoutes & keyof typeof adminAuthoringRoutes;

const tables = { instructor: instructorAuthoringRoutes, admin: adminAuthoringRoutes } as const;

export function authoringRoute<K extends SharedAuthoringCall>(role: AuthoringRole, call: K): InstructorRoutes[K] {
  // Same path shapes and answers for both roles; the admin's table differs only in step 1's body.
  return tables[role][call] as unknown as InstructorRoutes[K];
}

/** One authoring call as the signed-in user of `role`. */
export function callAuthoring<K extends SharedAuthoringCall>(
  role: AuthoringRole,
  call: K,
  options: Omit<CallOptions<InstructorRoutes[K]>, 'token'> & { body?: CallOptions<InstructorRoutes[K]>['body'] | Record<string, unknown> } = {},
): Promise<ApiResult<ResponseData<InstructorRoutes[K]>>> {
  const def: JsonRouteDef = authoringRoute(role, call);
  return callRoute(def, { ...(options as CallOptions<JsonRouteDef>), token: currentToken(role) }) as Promise<ApiResult<ResponseData<InstructorRoutes[K]>>>;
}

export type Step1 = ResponseData<InstructorRoutes['edit1']>;
export type Step2 = ResponseData<InstructorRoutes['edit2']>;
export type Step3 = ResponseData<InstructorRoutes['edit3']>;
export type Step4 = ResponseData<InstructorRoutes['edit4']>;
export type Step5 = ResponseData<InstructorRoutes['edit5']>;
export type Step6 = ResponseData<InstructorRoutes['edit6']>;
export type WholeCourse = ResponseData<InstructorRoutes['whole']>;
export type CourseListPage = ResponseData<InstructorRoutes['myCourses']>;
export type InstructorDashboard = ResponseData<InstructorRoutes['dashboard']>;

/** Cover image or promo video of step 3, with a rounded upload percentage. */
export function uploadStep3File(role: AuthoringRole, courseId: number, field: 'cover' | 'promo', file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return uploadFile<Step3>(authoringRoute(role, 'step3Upload').path, { fields: { id: courseId, field }, file, token: currentToken(role), onProgress, ...(signal ? { signal } : {}) });
}

/** A lecture's video of step 4, with a rounded upload percentage. */
export function uploadLectureVideo(role: AuthoringRole, courseId: number, lectureId: number, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return uploadFile<Step4>(authoringRoute(role, 'step4Upload').path, { fields: { id: courseId, lecture_id: lectureId }, file, token: currentToken(role), onProgress, ...(signal ? { signal } : {}) });
}
