import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminAuthoringRoutes, couponRoutes, fromMinor, instructorAuthoringRoutes, type Coupon } from '@nibras/contract';
import { callRoute, type RequestBody } from '../../lib/http';
import { routeQuery } from '../../lib/query';

/** Who manages coupons (docs/payments.md, "Coupons"): admins any, instructors their own courses' when allowed. */
export type CouponRole = 'admin' | 'instructor';
export type { Coupon };
export type CouponBody = RequestBody<(typeof couponRoutes)['admin']['create']>;

export const couponKeys = {
  all: ['coupons'] as const,
  list: (role: CouponRole) => ['coupons', role, 'list'] as const,
};

const authoring = { admin: adminAuthoringRoutes, instructor: instructorAuthoringRoutes } as const;

export const couponQueries = {
  list: (role: CouponRole, page: number, search: string) =>
    routeQuery([...couponKeys.list(role), page, search], couponRoutes[role].list, { query: { page, ...(search ? { search } : {}) } }),
  /** Whether instructors may make coupons: the admin's switch, or the instructor's own view of it. */
  settings: (role: CouponRole) => routeQuery(['coupons', role, 'settings'], role === 'admin' ? couponRoutes.settings : couponRoutes.instructorSettings),
  /** Courses matching the search for the picker: any course for admins, their own for instructors. */
  courses: (role: CouponRole, search: string) => ({
    ...routeQuery(['coupons', role, 'courses', search], role === 'admin' ? authoring.admin.list : authoring.instructor.myCourses, {
      query: { page: 1 },
      body: { search, perPage: 20, sortConfig: { key: 'title', direction: 'asc' } },
    }),
    placeholderData: keepPreviousData,
  }),
  /** One course's title (a coupon keeps only the ids of its courses). */
  courseTitle: (role: CouponRole, id: number) =>
    queryOptions({
      queryKey: ['coupons', role, 'course', id],
      queryFn: async ({ signal }) => (await callRoute(authoring[role].edit1, { params: { id }, signal })).data.title,
      staleTime: 10 * 60_000,
      meta: { access: role },
    }),
};

export function createCoupon(role: CouponRole, body: CouponBody) {
  return callRoute(couponRoutes[role].create, { body });
}

export function updateCoupon(role: CouponRole, id: number, body: CouponBody) {
  return callRoute(couponRoutes[role].update, { params: { id }, body });
}

export function deleteCoupon(role: CouponRole, id: number) {
  return callRoute(couponRoutes[role].remove, { params: { id } });
}

export function saveCouponSettings(instructorsMayCreate: boolean) {
  return callRoute(couponRoutes.saveSettings, { body: { instructorsMayCreate } });
}

/** The body that saves a coupon as it is, but for `changes` (deactivating a used coupon keeps everything else). */
export function bodyOf(coupon: Coupon, changes: Partial<CouponBody> = {}): CouponBody {
  return {
    code: coupon.code,
    kind: coupon.kind,
    ...(coupon.kind === 'percent' && coupon.percent !== null ? { percent: coupon.percent } : {}),
    ...(coupon.kind === 'fixed' && coupon.amountMinor !== null ? { amount: fromMinor(coupon.amountMinor, coupon.currency) } : {}),
    course_ids: coupon.courseIds,
    starts_at: coupon.startsAt,
    ends_at: coupon.endsAt,
    total_limit: coupon.totalLimit,
    per_person_limit: coupon.perPersonLimit,
    active: coupon.active,
    ...changes,
  };
}
