import { AppError } from '../../lib/app-error';
import { sanitizePlainText } from '../../lib/sanitize';

/** One field's problem, in the validation envelope like the contract's own checks. */
export const fieldError = (field: string, key: string) => new AppError('api.validation.failed', 400, { fields: { [field]: key } });

/** Plain text that must not be empty once its tags are gone ("<b></b>" is no title). */
export function requiredPlain(value: string, field: string): string {
  const text = sanitizePlainText(value);
  if (!text) throw fieldError(field, 'api.validation.required');
  return text;
}

/** Like requiredPlain, collecting the problem with the others so one answer lists them all. */
export function collectPlain(value: string, field: string, problems: Record<string, string>): string {
  const text = sanitizePlainText(value);
  if (!text) problems[field] = 'api.validation.required';
  return text;
}

/** Plain-text lines: tags removed, spaces collapsed, empty lines dropped. */
export const plainLines = (lines: string[]) => lines.map((l) => sanitizePlainText(l).replace(/\s+/g, ' ')).filter((l) => l.length > 0);

/** Forms send "" or null for "new"; only a number names an existing item. */
export const idOf = (v: number | '' | null | undefined): number | null => (typeof v === 'number' ? v : null);
