import { fromMinor, minorDigits } from '@nibras/contract';

/**
 * Money on the server (docs/payments.md): integer minor units of the site currency in, integer
 * minor units out. Nothing here multiplies a decimal: a percentage is counted in basis points
 * (1,500 = 15 %) and every division rounds once, half up, to a whole minor unit, so the parts of a
 * total always add up to it exactly.
 */

/** a × b / c rounded half up, for non-negative integers (exact while a × b stays a safe integer). */
export function mulDivRound(a: number, b: number, c: number): number {
  const product = a * b;
  if (!Number.isSafeInteger(product)) throw new RangeError('amount out of range');
  return Math.floor((2 * product + c) / (2 * c));
}

export type Discount = { kind: 'percent'; basisPoints: number } | { kind: 'fixed'; amountMinor: number };

export interface Quote {
  /** The course's price before any coupon. */
  listMinor: number;
  /** What the coupon takes off (never more than the price). */
  discountMinor: number;
  /** What the participant pays: list − discount. */
  totalMinor: number;
  /** The VAT inside the total (prices include VAT) or added to it (they do not): net + vat = total. */
  vatMinor: number;
  netMinor: number;
  vatBasisPoints: number;
}

/**
 * What an order costs: the price, a coupon's discount, and the VAT. With `pricesIncludeVat` (the
 * region's custom, and the default) the total is the price after the discount and the VAT is the
 * part of it that is tax; otherwise the VAT is added on top.
 */
export function quote(listMinor: number, discount: Discount | null, vat: { basisPoints: number; pricesIncludeVat: boolean }): Quote {
  if (!Number.isSafeInteger(listMinor) || listMinor < 0) throw new RangeError('price must be a non-negative integer of minor units');
  let discountMinor = 0;
  if (discount?.kind === 'percent') discountMinor = mulDivRound(listMinor, Math.min(discount.basisPoints, 10_000), 10_000);
  else if (discount?.kind === 'fixed') discountMinor = Math.min(discount.amountMinor, listMinor);
  const afterDiscount = listMinor - discountMinor;
  if (vat.pricesIncludeVat) {
    const vatMinor = mulDivRound(afterDiscount, vat.basisPoints, 10_000 + vat.basisPoints);
    return { listMinor, discountMinor, totalMinor: afterDiscount, vatMinor, netMinor: afterDiscount - vatMinor, vatBasisPoints: vat.basisPoints };
  }
  const vatMinor = mulDivRound(afterDiscount, vat.basisPoints, 10_000);
  return { listMinor, discountMinor, totalMinor: afterDiscount + vatMinor, vatMinor, netMinor: afterDiscount, vatBasisPoints: vat.basisPoints };
}

const formats = new Map<string, Intl.NumberFormat>();

/** "SAR 49.50" in the reader's language (Latin digits in Arabic too, as the web app shows them); a whole sum without decimals ("SAR 49"). */
export function formatMoney(minor: number, currency: string, lang: 'ar' | 'en'): string {
  const digits = minorDigits(currency);
  const shown = minor % 10 ** digits === 0 ? 0 : digits;
  const key = `${lang} ${currency} ${shown}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en', { style: 'currency', currency, minimumFractionDigits: shown, maximumFractionDigits: shown });
    formats.set(key, format);
  }
  return format.format(fromMinor(minor, currency));
}
