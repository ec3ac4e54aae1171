/**
 * Money is counted in integer minor units (halalas, cents, fils) from the database to the contract
 * (docs/payments.md): a field named `…Minor` is that integer, and the decimal `price` or `amount`
 * beside it is the same sum in major units for reading, never for arithmetic. Plain functions only: the
 * web app's formatters import this file, so it must not bring zod with it (its fields: money-fields.ts).
 */

const digitsCache = new Map<string, number>();

/** Digits after the point in the currency's minor unit: 2 for SAR and USD, 3 for KWD, 0 for JPY. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * A decimal amount as typed by a person (49.5) to minor units (4950). Null when it has more decimals
 * than the currency's minor unit or is not a finite, non-negative number: never rounded silently.
 */
export function toMinor(amount: number, currency: string): number | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  const scaled = amount * 10 ** minorDigits(currency);
  const minor = Math.round(scaled);
  // A decimal with at most the currency's digits lands within a rounding error of an integer.
  if (Math.abs(scaled - minor) > 1e-6 * Math.max(1, Math.abs(scaled))) return null;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as a decimal number, for display and for the spec's decimal fields only. */
export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/**
 * Minor units as the decimal text of the major unit, written from the integer digit by digit (never
 * through a float): 4950 SAR → "49.50", 5 KWD fils → "0.005", 1200 JPY → "1200". For CSV and invoices.
 */
export function minorText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(minor));
  if (digits === 0) return sign + whole;
  const padded = whole.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
