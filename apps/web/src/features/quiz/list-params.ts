/**
 * Reads a quiz list URL's query as the API does (docs/quizzes.md): the spec builds
 * `?course_id=1?page=2`, so a value holding "?" is the value followed by more parameters.
 */
export function readListParams(search: string): URLSearchParams {
  const raw = new URLSearchParams(search);
  const out = new URLSearchParams();
  const extra: [string, string][] = [];
  for (const [key, value] of raw) {
    const [first = '', ...rest] = value.split('?');
    out.set(key, first);
    for (const part of rest) extra.push(...new URLSearchParams(part));
  }
  for (const [key, value] of extra) if (!out.has(key)) out.set(key, value);
  return out;
}

/** A whole positive number from the URL, or `fallback` for anything else. */
export function positiveInt(value: string | null, fallback: number): number {
  if (!value || !/^\d{1,9}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}
