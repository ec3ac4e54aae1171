import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminAuthoringRoutes, instructorAuthoringRoutes, resumableUploadRoutes, type JsonRouteDef } from '@nibras/contract';
import { callRoute, resumableUploadRoute, uploadRoute, type ApiResult, type CallOptions, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';
import type { StepNumber } from './editor/authoring-store';

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
  return callRoute(def, options as CallOptions<JsonRouteDef>) as Promise<ApiResult<ResponseData<InstructorRoutes[K]>>>;
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

/**
 * Cover image or promo video of step 3, with a rounded upload percentage. A promo video goes resumably (tus,
 * docs/video.md): a cut connection or a closed tab costs nothing, choosing the same file again goes on.
 */
export function uploadStep3File(role: AuthoringRole, courseId: number, field: 'cover' | 'promo', file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  type Answer = ResponseData<InstructorRoutes['step3Upload']>;
  if (field === 'promo') return resumableUploadRoute<Answer>(resumableUploadRoutes[role].create, { metadata: { target: 'promo', id: courseId }, file, onProgress, ...(signal ? { signal } : {}) });
  return uploadRoute(authoringRoute(role, 'step3Upload'), { fields: { id: courseId, field }, file, onProgress, ...(signal ? { signal } : {}) });
}

/** A lecture's video of step 4, resumably (tus, as the promo), with a rounded upload percentage. */
export function uploadLectureVideo(role: AuthoringRole, courseId: number, lectureId: number, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  type Answer = ResponseData<InstructorRoutes['step4Upload']>;
  return resumableUploadRoute<Answer>(resumableUploadRoutes[role].create, { metadata: { target: 'lecture', id: courseId, lecture_id: lectureId }, file, onProgress, ...(signal ? { signal } : {}) });
}

const STEP_READS = { 1: 'edit1', 2: 'edit2', 3: 'edit3', 4: 'edit4', 5: 'edit5', 6: 'edit6' } as const;
type StepData = { 1: Step1; 2: Step2; 3: Step3; 4: Step4; 5: Step5; 6: Step6 };

export const authoringKeys = {
  all: ['authoring'] as const,
  /** What the editor reads to fill its forms. */
  editor: ['authoring', 'editor'] as const,
  /** The screens that show a course outside the editor: lists, whole-course views, the instructor dashboard. */
  screens: ['authoring', 'screens'] as const,
};

export type ListBody = CallOptions<InstructorRoutes['myCourses']>['body'];

export const authoringQueries = {
  /** A step's saved data (GET edit/stepN), fetched fresh each time the step opens. */
  step: <S extends StepNumber>(role: AuthoringRole, step: S, courseId: number | null) =>
    queryOptions<StepData[S]>({
      queryKey: [...authoringKeys.editor, role, 'step', step, courseId],
      queryFn: async () => (await callAuthoring(role, STEP_READS[step], { params: { id: courseId as number } })).data as StepData[S],
      enabled: courseId !== null,
      staleTime: 0,
      meta: { access: role },
    }),
  /** Every step at once, for the editor's completion marks. */
  editorWhole: (role: AuthoringRole, courseId: number | null) =>
    queryOptions({
      queryKey: [...authoringKeys.editor, role, 'whole', courseId],
      queryFn: async () => (await callAuthoring(role, 'whole', { params: { id: courseId as number } })).data,
      enabled: courseId !== null,
      meta: { access: role },
    }),
  course: (role: AuthoringRole, courseId: number) => routeQuery([...authoringKeys.screens, role, 'course', courseId], authoringRoute(role, 'whole'), { params: { id: courseId } }),
  list: (role: AuthoringRole, page: number, body: ListBody) =>
    role === 'instructor'
      ? routeQuery([...authoringKeys.screens, role, 'list', page, body], instructorAuthoringRoutes.myCourses, { query: { page }, body })
      : routeQuery([...authoringKeys.screens, role, 'list', page, body], adminAuthoringRoutes.list, { query: { page }, body }),
  dashboard: () => routeQuery([...authoringKeys.screens, 'instructor', 'dashboard'], instructorAuthoringRoutes.dashboard),
  recent: () => routeQuery([...authoringKeys.screens, 'instructor', 'recent'], instructorAuthoringRoutes.recentCourses),
};

/**
 * Any change to a course makes the screens that show it stale; the app keeps queries fresh for a
 * minute, so a list opened next would still show the old status.
 */
export function invalidateCourseScreens(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: authoringKeys.screens });
}

/** A lecture's PDF or a resource of step 4 (one multipart request, with a rounded upload percentage). */
export function uploadLectureDocument(role: AuthoringRole, courseId: number, lectureId: number, target: 'pdf' | 'resource', file: File, onProgress: (percent: number) => void) {
  return uploadRoute(authoringRoute(role, 'step4Upload'), { fields: { id: courseId, lecture_id: lectureId, target }, file, onProgress });
}
