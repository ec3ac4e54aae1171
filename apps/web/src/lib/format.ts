import type { TFunction } from 'i18next';
import { minorDigits } from '@nibras/contract';

function locale(language: string): string {
  return language === 'ar' ? 'ar-SA-u-nu-latn' : 'en';
}

// Making an Intl formatter costs far more than using one (measured: a tenth of a second of a course
// page's first render on a slow phone), so each is made once per language and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${language} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(locale(language), options)));
  return formatter;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${language} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale(language), options)));
  return formatter;
}

export function formatNumber(value: number, language: string, digits = 0): string {
  return numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A number as typed or computed (an answer, a tolerance): its own decimals, up to six, none added. */
export function formatDecimal(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 6 }).format(value);
}

/**
 * A sum of money given in the currency's minor units (4950 halalas → "SAR 49.50"): the API counts money
 * in integers (docs/payments.md). Whole amounts show no decimals ("SAR 49"), others all of the currency's.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const digits = minorDigits(currency);
  return formatCurrency(minor / 10 ** digits, currency, language, minor % 10 ** digits === 0 ? 0 : digits);
}

/** An amount already in major units (a chart's axis), in the currency. */
export function formatCurrency(major: number, currency: string, language: string, digits = minorDigits(currency)): string {
  return numberFormat(language, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major);
}

/** "2 h 5 min", "12 min", "45 s" in the UI language. */
export function formatDuration(seconds: number, t: TFunction): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return minutes > 0 ? t('catalog.duration.hoursMinutes', { hours, minutes }) : t('catalog.duration.hours', { count: hours });
  if (minutes > 0) return t('catalog.duration.minutes', { count: minutes });
  return t('catalog.duration.seconds', { count: seconds });
}

/** "24 Nov 2026": the short form for lists. */
export function formatDate(iso: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * "2026-11-24" (a day of the server's UTC calendar) → "Nov 24, 2026", "24 نوفمبر 2026": the same day wherever the reader
 * is, the month in words (Arabic's medium style is 24/11/2026, whose slashes a right-to-left chart axis reorders).
 */
export function formatDay(day: string, language: string): string {
  return dateFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** "2026-11-24" → "Nov 24", "24 نوفمبر": a day of the server's UTC calendar without its year (a chart's axis). */
export function formatDayMonth(day: string, language: string): string {
  return dateFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** 75 → "1:15", 3725 → "1:02:05": a player's clock, the same in both languages. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "24 November 2026": the day with the month written out, Latin digits in Arabic too. */
export function formatLongDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language === 'ar' ? 'ar-u-nu-latn' : language, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** "2026-03" → "Mar 2026" / "مارس 2026": a chart's month, Latin digits in Arabic too. */
export function formatMonth(month: string, language: string, withYear = true): string {
  const [year, index] = month.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions = withYear ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' };
  return dateFormat(language, options).format(new Date(Date.UTC(year ?? 1970, (index ?? 1) - 1, 1)));
}

/** "1 Dec 2026, 6:00 PM": a moment, in the reader's time zone (a section's opening, docs/authoring.md). */
export function formatDateTime(iso: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
