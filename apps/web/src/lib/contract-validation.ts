import type { z } from 'zod';
import { issueMessages } from '@nibras/contract';

// Kept apart from lib/forms.ts (and @mantine/form): the footer's newsletter form, on every page,
// checks its one field with these alone, so the form library stays out of a first visit.

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * Checks form values as the server will check the body made from them: the contract's schema,
 * and the server's wording (issueMessages), in the user's language. Field paths are the body's.
 */
export function contractValidator<Values>(
  schema: z.ZodType | null,
  toBody: (values: Values) => unknown,
  t: Translate,
  isKey: (key: string) => boolean,
  rules: (values: Values) => Record<string, string> = () => ({}),
) {
  return (values: Values): Record<string, string> => {
    const body = toBody(values);
    // No schema yet (a lazy one still on its way): the browser's own rules, and the server, check.
    const result = schema?.safeParse(body);
    const messages = !result || result.success ? {} : issueMessages(result.error.issues, body, isKey);
    const fromSchema = Object.entries(messages).map(([field, m]) => [field, t(m.key, m.params)] as const);
    const fromRules = Object.entries(rules(values)).map(([field, key]) => [field, t(key)] as const);
    return Object.fromEntries([...fromSchema, ...fromRules]);
  };
}

/** A schema fetched when it is first needed: see lazySchema. */
export type SchemaLoader = () => Promise<z.ZodType>;

/**
 * For a form on every page (the footer's newsletter): its schema, and zod with it, is fetched when
 * the form is first used, not before the page's first paint. Fetched once; a failed fetch is tried
 * again next time.
 */
export function lazySchema(load: SchemaLoader): SchemaLoader {
  let loading: Promise<z.ZodType> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
