import { couponBody, type Coupon } from '@nibras/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf } from './api';
import { fromLocalInput, mapFieldErrors, numberOrUndefined, toLocalInput } from './components/coupon-values';

const coupon: Coupon = {
  id: 7,
  code: 'RAMADAN-25',
  kind: 'fixed',
  percent: null,
  amountMinor: 2550,
  currency: 'SAR',
  courseIds: [3, 9],
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: null,
  totalLimit: 10,
  perPersonLimit: 1,
  redeemed: 4,
  active: true,
  ownerRole: 'admin',
  createdBy: { id: 1, name: 'Sara' },
  createdAt: '2026-02-20T10:00:00.000Z',
};

describe('the coupon form', () => {
  it('shows a date in the browser\'s time zone and sends back the same instant', () => {
    const local = toLocalInput('2026-12-01T09:30:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2026-12-01T09:30:00.000Z');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    // Unreadable: left as typed, for the contract's check to refuse.
    expect(fromLocalInput('soon')).toBe('soon');
  });

  it('reads empty number fields as not given', () => {
    expect(numberOrUndefined('')).toBeUndefined();
    expect(numberOrUndefined(15)).toBe(15);
  });

  it('puts the server\'s field messages under the form\'s fields', () => {
    expect(mapFieldErrors({ code: 'taken', amount: 'too many decimals', 'course_ids.1': 'not yours', 'course_ids.0': 'missing', total_limit: 'below uses', ends_at: 'before start' })).toEqual({
      code: 'taken',
      value: 'too many decimals',
      courses: 'not yours',
      totalLimit: 'below uses',
      endsAt: 'before start',
    });
  });
});

describe('bodyOf', () => {
  it('saves a coupon as it is (the amount back in major units), which the contract accepts', () => {
    const body = bodyOf(coupon);
    expect(body).toEqual({ code: 'RAMADAN-25', kind: 'fixed', amount: 25.5, course_ids: [3, 9], starts_at: '2026-03-01T00:00:00.000Z', ends_at: null, total_limit: 10, per_person_limit: 1, active: true });
    expect(couponBody.safeParse(body).success).toBe(true);
  });

  it('deactivates a used coupon without changing anything else', () => {
    const body = bodyOf({ ...coupon, kind: 'percent', percent: 12.5, amountMinor: null }, { active: false });
    expect(body).toMatchObject({ kind: 'percent', percent: 12.5, active: false, total_limit: 10 });
    expect(body).not.toHaveProperty('amount');
    expect(couponBody.safeParse(body).success).toBe(true);
  });
});
