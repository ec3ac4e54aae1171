import { z } from 'zod';

const DIGITS = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number as JSON sends it, or as a query string, a path or a form field must send it: its
 * digits in a string. Nothing else is read as a number: `null`, `true`, `[]`, `""` and nested
 * arrays are refused with a field message, where `z.coerce` read them as 0 or 1 (`price: null`
 * made a course free, `{"id": true}` meant course 1).
 */
export function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value), schema);
}
