import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import * as contract from './index';
import { issueMessages } from './validation-messages';

/** Every route definition the contract exports, found by shape so that routes added later are covered. */
function routeDefs(): contract.RouteDef[] {
  const found = new Set<contract.RouteDef>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    const v = value as Record<string, unknown>;
    if (typeof v.method === 'string' && typeof v.path === 'string') found.add(v as unknown as contract.RouteDef);
    else for (const child of Object.values(v)) visit(child, depth + 1);
  };
  visit(contract, 0);
  return [...found];
}

type JsonSchema = { type?: string | string[]; const?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };
interface NumberField {
  path: (string | number)[];
  /** What the schema itself accepts besides a number (an id field that takes "" or null for "new"). */
  accepts: { null: boolean; empty: boolean };
}

const isNumber = (s: JsonSchema) => s.type === 'integer' || s.type === 'number';

/** The number fields of a schema, at any depth (an array's first item stands for all). */
function numberFields(schema: JsonSchema, path: (string | number)[] = []): NumberField[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    if (branches.some(isNumber)) {
      return [{ path, accepts: { null: branches.some((b) => b.type === 'null'), empty: branches.some((b) => b.const === '') } }];
    }
    return branches.flatMap((b) => numberFields(b, path));
  }
  if (isNumber(schema)) return [{ path, accepts: { null: false, empty: false } }];
  if (schema.properties) return Object.entries(schema.properties).flatMap(([key, child]) => numberFields(child, [...path, key]));
  if (schema.items) return numberFields(schema.items, [...path, 0]);
  return [];
}

/** An input holding `value` at `path` and nothing else. */
function placeAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [placeAt(rest, value)] : { [head!]: placeAt(rest, value) };
}

/** Values that are not numbers and must never be read as one (`z.coerce` read the first five as 0 or 1). */
const notANumber = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], '', ' ', [[1]], [1], ['2'], {}, 'NaN', 'Infinity', '1e3', '0x10', '1,5', '١٢'),
  fc.boolean(),
  fc.array(fc.array(fc.integer(), { maxLength: 2 }), { minLength: 1, maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  fc.string({ maxLength: 12 }).filter((s) => !/^\s*-?\d+(\.\d+)?\s*$/.test(s)),
);

const sources = ['body', 'query', 'params'] as const;
const cases = routeDefs().flatMap((route) =>
  sources.flatMap((source) => {
    const schema = route[source];
    if (!(schema instanceof z.ZodType)) return [];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return numberFields(json).map((field) => ({ name: `${route.method} ${route.path} ${source}.${field.path.join('.')}`, schema, field, source }));
  }),
);
const isKey = (key: string) => key.startsWith('api.');

describe('no field of the contract silently turns a wrong type into a number', () => {
  it('finds the number fields of the routes (ids, prices, pages, points…)', () => {
    const names = cases.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(25);
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/addUpdate\/step1 body\.price$/), expect.stringMatching(/addUpdate\/step1 body\.id$/), expect.stringMatching(/ params\.id$/)]));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: a wrong type is a field error, never a number', (_name, { schema, field, source }) => {
    fc.assert(
      fc.property(
        notANumber.filter(
          (value) =>
            !(value === null && field.accepts.null) &&
            !(value === '' && field.accepts.empty) &&
            // The spec's second question mark (`?course_id=1?page=2`): a query value is cut at "?" and the rest read as
            // more parameters (quiz.ts withSecondQuestionMark), so "?" there is a separator, not a value.
            !(source === 'query' && typeof value === 'string' && value.includes('?')),
        ),
        (value) => {
          const input = placeAt(field.path, value);
          const result = schema.safeParse(input);
          expect(result.success, `accepted ${JSON.stringify(value)}`).toBe(false);
          const messages = issueMessages(result.error!.issues, input, isKey);
          const key = field.path.join('.');
          expect(messages[key]?.key, `${JSON.stringify(value)} -> ${JSON.stringify(messages)}`).toMatch(/^api\.validation\.(required|number|invalid_type|invalid)$/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('still reads the digits a query string, a path or a form field must send', () => {
    expect(contract.idParam.parse({ id: '42' })).toEqual({ id: 42 });
    expect(contract.pageQuery.parse({ page: ' 3 ' })).toEqual({ page: 3 });
    expect(contract.idParam.safeParse({ id: '4x' }).success).toBe(false);
  });
});
