import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, minorDigits, toMinor } from '@nibras/contract';
import { formatMoney, mulDivRound, quote, type Discount } from './money';

const price = fc.integer({ min: 0, max: 100_000_000 });
const discount: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({ kind: fc.constant('fixed' as const), amountMinor: fc.integer({ min: 0, max: 200_000_000 }) }),
);
const vat = fc.record({ basisPoints: fc.integer({ min: 0, max: 3_000 }), pricesIncludeVat: fc.boolean() });

describe('money in minor units (issue 28, point 2)', () => {
  it('a quote never drifts by a minor unit: list − discount, net + VAT = total, every part a non-negative integer', () => {
    fc.assert(
      fc.property(price, discount, vat, (list, d, v) => {
        const q = quote(list, d, v);
        for (const part of [q.discountMinor, q.totalMinor, q.vatMinor, q.netMinor]) expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
        expect(q.discountMinor).toBeLessThanOrEqual(list);
        expect(q.netMinor + q.vatMinor).toBe(q.totalMinor);
        expect(v.pricesIncludeVat ? q.totalMinor : q.netMinor).toBe(list - q.discountMinor);
        // The VAT is the rate of the net to within half a minor unit (one rounding, never two).
        expect(Math.abs(q.vatMinor * 10_000 - q.netMinor * v.basisPoints)).toBeLessThanOrEqual(v.pricesIncludeVat ? (10_000 + v.basisPoints) / 2 : 5_000);
      }),
      { numRuns: 5_000 },
    );
  });

  it("a percentage coupon rounds once, half up: 15 % of 49.99 is 7.50, 100 % leaves nothing, a fixed coupon never exceeds the price", () => {
    expect(quote(4999, { kind: 'percent', basisPoints: 1_500 }, { basisPoints: 0, pricesIncludeVat: true })).toMatchObject({ discountMinor: 750, totalMinor: 4249 });
    expect(quote(4999, { kind: 'percent', basisPoints: 10_000 }, { basisPoints: 1_500, pricesIncludeVat: true })).toMatchObject({ totalMinor: 0, vatMinor: 0 });
    expect(quote(1900, { kind: 'fixed', amountMinor: 5000 }, { basisPoints: 1_500, pricesIncludeVat: true })).toMatchObject({ discountMinor: 1900, totalMinor: 0 });
    // 115.00 SAR including 15 % VAT is 100.00 net and 15.00 VAT; 100.00 excluding it is 115.00.
    expect(quote(11_500, null, { basisPoints: 1_500, pricesIncludeVat: true })).toMatchObject({ netMinor: 10_000, vatMinor: 1_500, totalMinor: 11_500 });
    expect(quote(10_000, null, { basisPoints: 1_500, pricesIncludeVat: false })).toMatchObject({ netMinor: 10_000, vatMinor: 1_500, totalMinor: 11_500 });
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(3, 1, 2)).toBe(2);
  });

  it('sums of many orders stay exact where decimals would drift: 0.10 + 0.20 a thousand times', () => {
    const minor = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 10 : 20));
    expect(minor.reduce((a, b) => a + b, 0)).toBe(15_000);
    expect(minor.map((m) => fromMinor(m, 'SAR')).reduce((a, b) => a + b, 0)).not.toBe(150);
  });

  it('a typed price becomes minor units exactly, or is refused: never rounded silently', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (m) => {
        expect(toMinor(fromMinor(m, 'SAR'), 'SAR')).toBe(m);
      }),
      { numRuns: 5_000 },
    );
    expect(toMinor(49.5, 'SAR')).toBe(4950);
    expect(toMinor(0.1 + 0.2, 'SAR')).toBe(30);
    expect(toMinor(49.555, 'SAR')).toBeNull();
    expect(toMinor(49.5, 'JPY')).toBeNull();
    expect(toMinor(1.234, 'KWD')).toBe(1234);
    expect(toMinor(-1, 'SAR')).toBeNull();
    expect([minorDigits('SAR'), minorDigits('KWD'), minorDigits('JPY')]).toEqual([2, 3, 0]);
  });

  it("money reads in the reader's language with the currency", () => {
    expect(formatMoney(4950, 'SAR', 'en')).toBe('SAR\u00a049.50');
    expect(formatMoney(4900, 'SAR', 'en')).toBe('SAR\u00a049');
    expect(formatMoney(4950, 'SAR', 'ar')).toMatch(/49\.50/);
    expect(formatMoney(4950, 'SAR', 'ar')).toMatch(/ر\.س/);
  });
});
