import { toMinor, type CheckoutQuote, type couponBody } from '@nibras/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { quote, type Discount } from '../../lib/money';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import type { NewMail } from '../mail/mail.service';
import { presentCoupon } from './coupons.presenter';
import {
  CouponTaken,
  coursesOwners,
  deleteUnusedCoupon,
  findCoupon,
  findCouponByCode,
  insertCoupon,
  listCoupons,
  placeOrderWithCoupon,
  readSetting,
  releaseCouponOf,
  updateCoupon,
  usesBy,
  writeSetting,
  type CouponRow,
  type CouponValues,
} from './coupons.queries';

const PER_PAGE = 20;
const INSTRUCTOR_COUPONS = 'instructorCoupons';
type Owner = 'admin' | 'instructor';

const couponError = (key: string, status = 400) => new AppError(key, status, { fields: { coupon: key } });
const fieldError = (field: string, key: string, status = 400) => new AppError(key, status, { fields: { [field]: key } });

// ---------------------------------------------------------------------------------------------
// Managing coupons: admins any course or the site; instructors their own courses, when admins allow it.

export async function couponSettingsOf(ctx: AppContext) {
  return { instructorsMayCreate: await readSetting(ctx.db, INSTRUCTOR_COUPONS, false) };
}

export async function saveCouponSettings(ctx: AppContext, instructorsMayCreate: boolean) {
  await writeSetting(ctx.db, INSTRUCTOR_COUPONS, instructorsMayCreate);
  return { instructorsMayCreate };
}

async function mayManage(ctx: AppContext, role: Owner) {
  if (role === 'instructor' && !(await readSetting(ctx.db, INSTRUCTOR_COUPONS, false))) throw new AppError('api.coupon.instructors_not_allowed', 403);
}

export async function listCouponsFor(ctx: AppContext, user: RequestUser, role: Owner, query: { page: number; search?: string | undefined }) {
  const { rows, total } = await listCoupons(ctx.db, { ...(role === 'instructor' ? { createdBy: user.id } : {}), search: query.search }, query.page, PER_PAGE);
  return { items: rows.map((r) => presentCoupon(r, ctx.config.currency)), page: query.page, perPage: PER_PAGE, total };
}

/** The body as stored: the percentage in basis points, the amount in minor units, the courses checked against the caller's rights. */
async function valuesOf(ctx: AppContext, user: RequestUser, role: Owner, body: z.output<typeof couponBody>): Promise<{ values: CouponValues; courseIds: number[] }> {
  const courseIds = [...new Set(body.course_ids)];
  if (role === 'instructor' && courseIds.length === 0) throw fieldError('course_ids', 'api.coupon.own_courses_only');
  const found = await coursesOwners(ctx.db, courseIds);
  if (found.length !== courseIds.length) throw fieldError('course_ids', 'api.coupon.course_not_found', 404);
  if (role === 'instructor' && found.some((c) => c.instructorId !== user.id)) throw fieldError('course_ids', 'api.coupon.own_courses_only', 403);
  let amountMinor: number | null = null;
  if (body.kind === 'fixed') {
    amountMinor = toMinor(body.amount!, ctx.config.currency);
    if (amountMinor === null || amountMinor === 0) throw fieldError('amount', 'api.authoring.price_cents');
  }
  return {
    courseIds,
    values: {
      code: body.code,
      kind: body.kind,
      percentBasisPoints: body.kind === 'percent' ? Math.round(body.percent! * 100) : null,
      amountMinor,
      scope: courseIds.length ? 'courses' : 'site',
      startsAt: body.starts_at ? new Date(body.starts_at) : null,
      endsAt: body.ends_at ? new Date(body.ends_at) : null,
      totalLimit: body.total_limit ?? null,
      perPersonLimit: body.per_person_limit,
      active: body.active,
    },
  };
}

const codeTaken = () => fieldError('code', 'api.coupon.code_taken', 409);

export async function createCoupon(ctx: AppContext, user: RequestUser, role: Owner, body: z.output<typeof couponBody>) {
  await mayManage(ctx, role);
  const { values, courseIds } = await valuesOf(ctx, user, role, body);
  try {
    const id = await insertCoupon(ctx.db, values, courseIds, { id: user.id, role });
    return presentCoupon((await findCoupon(ctx.db, id))!, ctx.config.currency);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** The coupon when the caller may change it: any for admins, their own for instructors (404 otherwise, as if it did not exist). */
async function ownCoupon(ctx: AppContext, user: RequestUser, role: Owner, id: number): Promise<CouponRow> {
  const found = await findCoupon(ctx.db, id);
  if (!found || (role === 'instructor' && found.createdBy !== user.id)) throw new AppError('api.coupon.not_found', 404);
  return found;
}

export async function changeCoupon(ctx: AppContext, user: RequestUser, role: Owner, id: number, body: z.output<typeof couponBody>) {
  await mayManage(ctx, role);
  const existing = await ownCoupon(ctx, user, role, id);
  const { values, courseIds } = await valuesOf(ctx, user, role, body);
  if (values.totalLimit !== null && values.totalLimit < existing.redeemed) throw fieldError('total_limit', 'api.coupon.limit_below_uses');
  try {
    await updateCoupon(ctx.db, id, values, courseIds);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
  return presentCoupon((await findCoupon(ctx.db, id))!, ctx.config.currency);
}

export async function removeCoupon(ctx: AppContext, user: RequestUser, role: Owner, id: number) {
  await ownCoupon(ctx, user, role, id);
  if (!(await deleteUnusedCoupon(ctx.db, id))) throw new AppError('api.coupon.used_deactivate', 409);
  return { id };
}

// ---------------------------------------------------------------------------------------------
// Using a coupon at checkout.

/** The coupon's discount of this course for this participant now, or the field error saying why it does not apply. */
async function applicableCoupon(ctx: AppContext, participantId: number, courseId: number, code: string): Promise<{ coupon: CouponRow; discount: Discount }> {
  const coupon = await findCouponByCode(ctx.db, code);
  const now = ctx.now();
  if (!coupon) throw couponError('api.coupon.not_found');
  if (!coupon.active) throw couponError('api.coupon.inactive');
  if (coupon.startsAt && coupon.startsAt.getTime() > now) throw couponError('api.coupon.not_started');
  if (coupon.endsAt && coupon.endsAt.getTime() <= now) throw couponError('api.coupon.expired');
  if (coupon.scope === 'courses' && !coupon.courseIds.includes(courseId)) throw couponError('api.coupon.not_for_course');
  if (coupon.totalLimit !== null && coupon.redeemed >= coupon.totalLimit) throw couponError('api.coupon.used_up', 409);
  if ((await usesBy(ctx.db, coupon.id, participantId)) >= coupon.perPersonLimit) throw couponError('api.coupon.already_used');
  const discount: Discount = coupon.kind === 'percent' ? { kind: 'percent', basisPoints: coupon.percentBasisPoints! } : { kind: 'fixed', amountMinor: coupon.amountMinor! };
  return { coupon, discount };
}

/** The site's VAT (VAT_RATE_PERCENT, PRICES_INCLUDE_VAT; docs/payments.md): inside the price, or added to it at checkout. */
export function vatOf(ctx: AppContext) {
  return { basisPoints: ctx.config.invoices.vatBasisPoints, pricesIncludeVat: ctx.config.invoices.pricesIncludeVat };
}

/** What a participant pays for a course, with a coupon when one is given (checked, not taken). */
export async function priceFor(ctx: AppContext, participantId: number, course: { id: number; priceMinor: number }, code: string | undefined) {
  const applied = code ? await applicableCoupon(ctx, participantId, course.id, code) : null;
  return { applied, quote: quote(course.priceMinor, applied?.discount ?? null, vatOf(ctx)) };
}

export function presentQuote(ctx: AppContext, courseId: number, priced: Awaited<ReturnType<typeof priceFor>>): CheckoutQuote {
  const q = priced.quote;
  return {
    courseId,
    currency: ctx.config.currency,
    listMinor: q.listMinor,
    discountMinor: q.discountMinor,
    totalMinor: q.totalMinor,
    vatMinor: q.vatMinor,
    vatPercent: q.vatBasisPoints / 100,
    vatIncluded: ctx.config.invoices.pricesIncludeVat,
    coupon: priced.applied ? { code: priced.applied.coupon.code } : null,
  };
}

/** Places the order with the coupon's use taken in the same transaction (coupons.queries.ts); the coupon's refusals as field errors. */
export async function placeOrderUsingCoupon(
  ctx: AppContext,
  values: Parameters<typeof placeOrderWithCoupon>[1],
  applied: { coupon: CouponRow },
  q: { listMinor: number; discountMinor: number },
  enrol: boolean,
  mail: NewMail | null,
) {
  try {
    return await placeOrderWithCoupon(ctx.db, values, { couponId: applied.coupon.id, perPersonLimit: applied.coupon.perPersonLimit, ...q }, enrol, mail);
  } catch (error) {
    if (error instanceof CouponTaken) throw couponError(error.reason === 'used_up' ? 'api.coupon.used_up' : 'api.coupon.already_used', error.reason === 'used_up' ? 409 : 400);
    throw error;
  }
}

/** A cancelled order's coupon use is given back. */
export async function releaseCoupon(ctx: AppContext, orderId: number) {
  await releaseCouponOf(ctx.db, orderId);
}
