// The coupon form's values and the body's: kept apart from the form so they can be tested alone.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as a `datetime-local` input's value, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as ISO, or null when empty; an unreadable one stays as typed for the check to refuse. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

export const numberOrUndefined = (value: number | string) => (value === '' ? undefined : Number(value));

/** The body's field paths on the form's own fields. */
const FIELD_OF: Record<string, string> = { percent: 'value', amount: 'value', course_ids: 'courses', starts_at: 'startsAt', ends_at: 'endsAt', total_limit: 'totalLimit', per_person_limit: 'perPersonLimit' };

/** The server's (and the schema's) field messages on the form's fields: the first message of a field wins. */
export function mapFieldErrors(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    const key = FIELD_OF[field] ?? field;
    mapped[key] ??= message;
  }
  return mapped;
}
