import type { Coupon } from '@nibras/contract';
import type { CouponRow } from './coupons.queries';

/** A coupon as its managers see it: the percentage back from basis points, the amount in minor units. */
export function presentCoupon(r: CouponRow, currency: string): Coupon {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    percent: r.percentBasisPoints === null ? null : r.percentBasisPoints / 100,
    amountMinor: r.amountMinor,
    currency,
    courseIds: r.courseIds,
    startsAt: r.startsAt ? r.startsAt.toISOString() : null,
    endsAt: r.endsAt ? r.endsAt.toISOString() : null,
    totalLimit: r.totalLimit,
    perPersonLimit: r.perPersonLimit,
    redeemed: r.redeemed,
    active: r.active,
    ownerRole: r.ownerRole,
    createdBy: r.createdBy === null ? null : { id: r.createdBy, name: r.creatorName ?? '' },
    createdAt: r.createdAt.toISOString(),
  };
}
