import { z } from 'zod';
import { numeric } from './numbers';
import { currencyCode, minorUnits } from './money-fields';
import { courseIdBody, envelope, idParam, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

/** Discount codes (docs/payments.md, "Coupons"). */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export const coupon = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percent: z.number().nullable().describe('A percentage coupon: 0.01 to 100'),
  amountMinor: minorUnits.nullable().describe('A fixed coupon: the amount off, in minor units of `currency`'),
  currency: currencyCode,
  courseIds: z.array(z.number().int()).describe('The courses it is for; empty: every course of the site'),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  totalLimit: z.number().int().nullable().describe('Uses in all; null: no limit'),
  perPersonLimit: z.number().int(),
  redeemed: z.number().int().describe('Uses so far (orders placed with it and not cancelled)'),
  active: z.boolean(),
  ownerRole: z.enum(['admin', 'instructor']),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

const isoDate = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');

export const couponBody = z
  .strictObject({
    code: z.string().trim().toUpperCase().regex(COUPON_CODE, 'api.coupon.code_format').describe('3 to 32 letters, digits, - or _; kept in capitals'),
    kind: z.enum(COUPON_KINDS),
    percent: numeric(z.number().min(0.01).max(100))
      .refine((v) => Number(v.toFixed(2)) === v, { message: 'api.coupon.percent_decimals' })
      .optional()
      .describe('For kind percent'),
    amount: numeric(z.number().min(0.01).max(1_000_000)).optional().describe('For kind fixed, in major units (25.5); at most the currency\'s decimals'),
    course_ids: z.array(numeric(z.number().int().min(1).max(2_147_483_647))).max(500).default([]).describe('Empty: every course (admins only)'),
    starts_at: isoDate.nullable().optional(),
    ends_at: isoDate.nullable().optional(),
    total_limit: numeric(z.number().int().min(1).max(1_000_000)).nullable().optional(),
    per_person_limit: numeric(z.number().int().min(1).max(1000)).default(1),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'percent' && b.percent === undefined) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'api.coupon.percent_required' });
    if (b.kind === 'fixed' && b.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'api.coupon.amount_required' });
    if (b.starts_at && b.ends_at && new Date(b.ends_at) <= new Date(b.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'api.coupon.ends_before_start' });
  });

export const couponListQuery = pageQuery.extend({ search: z.string().max(100).optional() });

/** What an order of a course costs, before it is placed: the price, a coupon's discount, the total and the VAT in it. */
export const checkoutQuote = z.object({
  courseId: z.number().int(),
  currency: currencyCode,
  listMinor: minorUnits.describe('The price before the coupon'),
  discountMinor: minorUnits,
  totalMinor: minorUnits.describe('What the participant pays'),
  vatMinor: minorUnits.describe('The VAT in (or added to) the total'),
  vatPercent: z.number(),
  vatIncluded: z.boolean().describe('True: the VAT is inside the price (the region\'s custom); false: it is added to make the total'),
  coupon: z.object({ code: z.string() }).nullable().describe('The coupon applied; a coupon that does not apply is refused with errors.coupon'),
});
export type CheckoutQuote = z.infer<typeof checkoutQuote>;

export const quoteBody = courseIdBody.extend({ coupon: z.string().trim().max(64).optional() });

const couponPaths = (role: 'admin' | 'instructor') => {
  const tags = ['coupons'];
  const who = role === 'admin' ? 'any course or the whole site' : 'your own courses only (when admins allow instructors to make coupons: 403 otherwise)';
  return {
    list: {
      method: 'GET', path: `/api/${role}/coupons`, access: role, tags, query: couponListQuery,
      summary: `Coupons${role === 'instructor' ? ' of your courses' : ''}, newest first; search by code`, response: envelope(listData(coupon)),
    },
    create: {
      method: 'POST', path: `/api/${role}/coupons`, access: role, errors: [403, 404, 409], tags, body: couponBody,
      summary: `Make a coupon for ${who}. 409 when the code exists`, response: envelope(coupon),
    },
    update: {
      method: 'POST', path: `/api/${role}/coupons/:id`, access: role, errors: [403, 404, 409], tags, params: idParam, body: couponBody,
      summary: 'Change a coupon (its uses so far are kept)', response: envelope(coupon),
    },
    remove: {
      method: 'POST', path: `/api/${role}/coupons/:id/delete`, access: role, errors: [404, 409], tags, params: idParam,
      summary: 'Delete a coupon never used; one already used is deactivated instead (409 asks for that)', response: envelope(z.object({ id: z.number().int() })),
    },
  } satisfies Record<string, RouteDef>;
};

export const couponSettings = z.object({ instructorsMayCreate: z.boolean() });

const couponSettingRoutes = {
  settings: {
    method: 'GET', path: '/api/admin/coupons/settings', access: 'admin', tags: ['coupons'],
    summary: 'Whether instructors may make coupons for their own courses', response: envelope(couponSettings),
  },
  saveSettings: {
    method: 'POST', path: '/api/admin/coupons/settings', access: 'admin', tags: ['coupons'], body: z.strictObject({ instructorsMayCreate: z.boolean() }),
    summary: 'Allow or stop instructors making coupons for their own courses', response: envelope(couponSettings),
  },
  instructorSettings: {
    method: 'GET', path: '/api/instructor/coupons/settings', access: 'instructor', tags: ['coupons'],
    summary: 'Whether admins allow you to make coupons', response: envelope(couponSettings),
  },
} satisfies Record<string, RouteDef>;

export const couponRoutes = { admin: couponPaths('admin'), instructor: couponPaths('instructor'), ...couponSettingRoutes };
