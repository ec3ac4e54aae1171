import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponCourses, couponRedemptions, coupons, courses, enrollments, mailOutbox, orders, siteSettings, users } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import type { NewMail } from '../mail/mail.service';

export type CouponRow = typeof coupons.$inferSelect & { courseIds: number[]; creatorName: string | null };

export interface CouponValues {
  code: string;
  kind: 'percent' | 'fixed';
  percentBasisPoints: number | null;
  amountMinor: number | null;
  scope: 'site' | 'courses';
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  perPersonLimit: number;
  active: boolean;
}

const courseIdsOf = sql<number[]>`coalesce((select array_agg(cc.course_id order by cc.course_id) from ${couponCourses} cc where cc.coupon_id = ${coupons.id}), '{}')`;

function selectCoupons(db: Db) {
  return db
    .select({ coupon: coupons, courseIds: courseIdsOf, creatorName: users.name })
    .from(coupons)
    .leftJoin(users, eq(users.id, coupons.createdBy));
}

const row = (r: { coupon: typeof coupons.$inferSelect; courseIds: number[]; creatorName: string | null }): CouponRow => ({ ...r.coupon, courseIds: r.courseIds.map(Number), creatorName: r.creatorName });

/** An instructor's coupons: those they made (every course of such a coupon is theirs). */
export async function listCoupons(db: Db, filter: { createdBy?: number; search?: string }, page: number, perPage: number) {
  const parts: SQL[] = [];
  if (filter.createdBy !== undefined) parts.push(eq(coupons.createdBy, filter.createdBy));
  if (filter.search?.trim()) parts.push(ilike(coupons.code, containsPattern(filter.search.trim())));
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [total]] = await Promise.all([
    selectCoupons(db).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows: rows.map(row), total: total?.n ?? 0 };
}

export async function findCoupon(db: Db, id: number): Promise<CouponRow | undefined> {
  const [found] = await selectCoupons(db).where(eq(coupons.id, id));
  return found && row(found);
}

/** A coupon by its code, in any case. */
export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [found] = await selectCoupons(db).where(sql`upper(${coupons.code}) = upper(${code})`);
  return found && row(found);
}

/** Of these course ids, those that exist and are not deleted, with their instructor. */
export async function coursesOwners(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: courses.id, instructorId: courses.instructorId }).from(courses).where(and(inArray(courses.id, ids), isNull(courses.deletedAt)));
}

export async function insertCoupon(db: Db, values: CouponValues, courseIds: number[], owner: { id: number; role: 'admin' | 'instructor' }): Promise<number> {
  return db.transaction(async (tx) => {
    const [made] = await tx.insert(coupons).values({ ...values, createdBy: owner.id, ownerRole: owner.role }).returning({ id: coupons.id });
    if (courseIds.length) await tx.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: made!.id, courseId })));
    return made!.id;
  });
}

export async function updateCoupon(db: Db, id: number, values: CouponValues, courseIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(coupons).set({ ...values, updatedAt: new Date() }).where(eq(coupons.id, id));
    await tx.delete(couponCourses).where(eq(couponCourses.couponId, id));
    if (courseIds.length) await tx.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: id, courseId })));
  });
}

/** Deleted when never used; false when it was (a use keeps its record: deactivate it instead). */
export async function deleteUnusedCoupon(db: Db, id: number): Promise<boolean> {
  const deleted = await db
    .delete(coupons)
    .where(and(eq(coupons.id, id), sql`not exists (select 1 from ${couponRedemptions} r where r.coupon_id = ${coupons.id})`))
    .returning({ id: coupons.id });
  return deleted.length > 0;
}

export async function usesBy(db: Db, couponId: number, participantId: number): Promise<number> {
  const [found] = await db.select({ n: count() }).from(couponRedemptions).where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.participantId, participantId)));
  return found?.n ?? 0;
}

/** Why a coupon's use could not be taken inside the order's transaction (the order is not placed). */
export class CouponTaken extends Error {
  constructor(readonly reason: 'used_up' | 'already_used') {
    super(reason);
  }
}

/**
 * An order placed with a coupon, in one transaction: the coupon's use taken by one conditional update of its
 * row (so of 50 participants racing for the last use, exactly one gets it: the others find the limit reached
 * once the first commits), the participant's own uses counted after that row is held, then the order, its
 * enrolment when the coupon made it free, the redemption and the participant's mail. Any refusal rolls all of
 * it back.
 */
export async function placeOrderWithCoupon(
  db: Db,
  values: { participantId: number; courseId: number; amountMinor: number; currency: string; provider: 'free' | 'bank_transfer' | 'card'; status: 'paid' | 'pending'; reference: string; paidAt: Date | null },
  use: { couponId: number; perPersonLimit: number; listMinor: number; discountMinor: number },
  enrol: boolean,
  mail: NewMail | null,
): Promise<{ id: number; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(coupons)
      .set({ redeemed: sql`${coupons.redeemed} + 1` })
      .where(sql`${coupons.id} = ${use.couponId} and ${coupons.active} and (${coupons.totalLimit} is null or ${coupons.redeemed} < ${coupons.totalLimit})`)
      .returning({ id: coupons.id });
    if (taken.length === 0) throw new CouponTaken('used_up');
    if ((await usesBy(tx as unknown as Db, use.couponId, values.participantId)) >= use.perPersonLimit) throw new CouponTaken('already_used');
    const [placed] = await tx.insert(orders).values(values).returning({ id: orders.id, createdAt: orders.createdAt });
    if (enrol) await tx.insert(enrollments).values({ participantId: values.participantId, courseId: values.courseId, orderId: placed!.id });
    await tx.insert(couponRedemptions).values({ couponId: use.couponId, orderId: placed!.id, participantId: values.participantId, listMinor: use.listMinor, discountMinor: use.discountMinor });
    if (mail) await tx.insert(mailOutbox).values(mail);
    return placed!;
  });
}

/** A cancelled order gives its coupon's use back. */
export async function releaseCouponOf(db: Db, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ couponId: couponRedemptions.couponId });
    for (const r of released) await tx.update(coupons).set({ redeemed: sql`${coupons.redeemed} - 1` }).where(eq(coupons.id, r.couponId));
  });
}

export async function readSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const [found] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return found ? (found.value as T) : fallback;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(siteSettings).values({ key, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}
