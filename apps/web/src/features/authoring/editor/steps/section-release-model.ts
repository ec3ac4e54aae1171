// Scheduled release of a section (docs/authoring.md): the step 4 form's working copy and the body's two fields.

export type ReleaseMode = 'none' | 'date' | 'days';

/** What the author chose: open, on a date (a `datetime-local` value, the browser's time zone), or days after enrolment. */
export interface DraftRelease {
  mode: ReleaseMode;
  date: string;
  days: number | string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as a `datetime-local` input's value, in the browser's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function releaseFromServer(section: { opens_at: string | null; opens_after_days: number | null }): DraftRelease {
  if (section.opens_at) return { mode: 'date', date: toLocalInput(section.opens_at), days: '' };
  if (section.opens_after_days) return { mode: 'days', date: '', days: section.opens_after_days };
  return { mode: 'none', date: '', days: '' };
}

export const newRelease = (): DraftRelease => ({ mode: 'none', date: '', days: '' });

/**
 * The section's `opens_at` and `opens_after_days` as the body sends them: the chosen one, the other null. An empty or
 * unreadable value is sent as it is, for the contract's check to refuse with the field's message.
 */
export function releaseBody(release: DraftRelease): { opens_at: string | null; opens_after_days: number | string | null } {
  if (release.mode === 'date') {
    const d = new Date(release.date);
    return { opens_at: release.date && !Number.isNaN(d.getTime()) ? d.toISOString() : release.date, opens_after_days: null };
  }
  if (release.mode === 'days') return { opens_at: null, opens_after_days: release.days === '' ? '' : Number(release.days) };
  return { opens_at: null, opens_after_days: null };
}
