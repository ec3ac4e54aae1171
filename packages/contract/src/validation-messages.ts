import type { z } from 'zod';

/** A message to show for a field: a translation key of apps/web/public/assets/i18n/translations and its values. */
export interface FieldMessage {
  key: string;
  params?: Record<string, number>;
}

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * What a schema's issue says to a person, the same on the server (the error envelope) and in the
 * browser (a form checked before it is sent). A custom issue's message is itself a key when
 * `isKey` knows it.
 */
export function issueMessage(issue: Issue, input: unknown, isKey: (message: string) => boolean): FieldMessage {
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      if (value === undefined) return { key: 'api.validation.required' };
      if (issue.expected === 'number' || issue.expected === 'int') return { key: typeof value === 'string' && !value.trim() ? 'api.validation.required' : 'api.validation.number' };
      return { key: 'api.validation.invalid_type' };
    }
    case 'too_small': {
      const count = Number(issue.minimum);
      if (issue.origin === 'string') {
        // Nothing typed (or only spaces) is "required", not "at least 2 characters" (issue 25, point 7).
        const value = valueAt(input, issue.path);
        if (typeof value === 'string' && !value.trim()) return { key: 'api.validation.required' };
        return { key: 'api.validation.too_short', params: { count } };
      }
      if (issue.origin === 'array') return { key: 'api.validation.too_few', params: { count } };
      return { key: 'api.validation.too_small', params: { limit: count } };
    }
    case 'too_big': {
      const count = Number(issue.maximum);
      if (issue.origin === 'string') return { key: 'api.validation.too_long', params: { count } };
      if (issue.origin === 'array') return { key: 'api.validation.too_many', params: { count } };
      return { key: 'api.validation.too_big', params: { limit: count } };
    }
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'api.validation.email' : 'api.validation.invalid_format' };
    case 'invalid_value':
      return { key: 'api.validation.invalid_value' };
    case 'custom':
      return { key: isKey(issue.message) ? issue.message : 'api.validation.invalid' };
    default:
      return { key: 'api.validation.invalid' };
  }
}

/**
 * Field path ("a.0.b") -> message, the first issue of each field; unknown fields each get their
 * own entry. Issues about the whole value land on `context`.
 */
export function issueMessages(issues: readonly Issue[], input: unknown, isKey: (message: string) => boolean, context = 'body'): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out[[...base, key].join('.')] ??= { key: 'api.validation.unknown_field' };
      continue;
    }
    const field = base.length ? base.join('.') : context;
    out[field] ??= issueMessage(issue, input, isKey);
  }
  return out;
}
