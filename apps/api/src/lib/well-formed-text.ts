/**
 * JSON may carry text that is not text: a lone UTF-16 surrogate (`"\ud800"`) is valid JSON, but no
 * character, cannot be encoded as UTF-8, and PostgreSQL refuses it in a jsonb value (a 500 once). With
 * the `u` flag a well-formed pair is one code point, so `\p{Cs}` finds only the lone halves.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** The path of the first string (or key) in `value` that holds a lone surrogate: `[]` for `value` itself, null if none does. */
export function illFormedTextAt(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return [...path, key];
    const found = illFormedTextAt(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
