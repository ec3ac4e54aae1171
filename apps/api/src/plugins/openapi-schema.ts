import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, unknown> & { anyOf?: JsonSchema[]; nullable?: boolean; enum?: unknown[] };

const isNullBranch = (schema: JsonSchema) => schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;

/**
 * The OpenAPI 3.0 document's schemas from the contract's zod schemas. fastify-type-provider-zod 7's
 * own override drops every union branch that is still empty when the union is visited, but a branch
 * that is a pipe (`numeric()`: digits read as a number) is filled in only afterwards: an id that is
 * "an integer, empty or null" was documented as "empty or null" only, and a list filter as `anyOf: []`
 * (issue 25, point 3). This override keeps every branch (they are the same objects, filled in later)
 * and only folds a null branch into `nullable`, which 3.0 has instead of a null type.
 */
export const openApiSchemaTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: (ctx) => {
      const schema = ctx.jsonSchema as JsonSchema;
      if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type !== 'union' || !Array.isArray(schema.anyOf)) return;
      const others = schema.anyOf.filter((branch) => !isNullBranch(branch));
      if (others.length === schema.anyOf.length || others.length === 0) return;
      schema.anyOf = others;
      schema.nullable = true;
    },
  },
});
