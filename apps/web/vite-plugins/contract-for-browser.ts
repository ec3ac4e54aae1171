import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const CONTRACT_SOURCE = fileURLToPath(new URL('../../../packages/contract/src/', import.meta.url));
const BROWSER_CONTRACT = '\0nibras-contract-for-browser';

/**
 * What the browser reads of a route: callRoute and uploadRoute (src/lib/http.ts) build the request
 * from these and never look at the route's schemas, which only the server checks against.
 */
export const ROUTE_FIELDS_READ_BY_THE_BROWSER = ['method', 'path', 'access', 'optionalAuth', 'multipart', 'file'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function isRoute(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && typeof value.method === 'string' && typeof value.path === 'string';
}

/**
 * What the browser gets of an export, or null when it must come from the source: a route as the
 * browser reads it, plain data (strings, numbers, arrays and objects of them) as it is, and an object
 * of those (a route table, or a table of tables) field by field. Anything else (a schema, a function).
 */
function forTheBrowser(value: unknown): { value: unknown } | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return { value };
  if (isRoute(value)) return { value: Object.fromEntries(ROUTE_FIELDS_READ_BY_THE_BROWSER.filter((field) => value[field] !== undefined).map((field) => [field, value[field]])) };
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : isPlainObject(value) ? Object.entries(value) : null;
  if (!entries) return null;
  const converted = entries.map(([key, item]) => [key, forTheBrowser(item)] as const);
  if (converted.some(([, item]) => item === null)) return null;
  return { value: Array.isArray(value) ? converted.map(([, item]) => item!.value) : Object.fromEntries(converted.map(([key, item]) => [key, item!.value])) };
}

/** The module the web app gets for `@nibras/contract`: data inlined, schemas and helpers from the source. */
export function browserContractModule(exports: Record<string, unknown>, source: string): string {
  const lines: string[] = [];
  const fromSource: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    const inlined = forTheBrowser(value);
    if (inlined) lines.push(`export const ${name} = ${JSON.stringify(inlined.value)};`);
    else fromSource.push(name);
  }
  if (fromSource.length > 0) lines.push(`export { ${fromSource.join(', ')} } from ${JSON.stringify(source)};`);
  return `${lines.join('\n')}\n`;
}

const TABLE_PREFIX = `${BROWSER_CONTRACT}/`;

/**
 * Each route table of the browser's contract in a module of its own, re-exported by the main one: the
 * build puts a table with the screens that use it, so a public page does not carry the back office's
 * routes (a coupon's, an invoice's) in its first visit. Returns the main module and the tables' modules.
 */
export function splitRouteTables(code: string): { main: string; tables: Map<string, string> } {
  const tables = new Map<string, string>();
  const main = code
    .split('\n')
    .map((line) => {
      const table = /^export const (\w+Routes) = /.exec(line);
      if (!table) return line;
      tables.set(table[1]!, `${line}\n`);
      return `export { ${table[1]} } from ${JSON.stringify(TABLE_PREFIX + table[1])};`;
    })
    .join('\n');
  return { main, tables };
}

/**
 * The contract's route tables hold the zod schemas of every body and answer, and each of its files
 * builds its schemas as it loads: importing one route from `@nibras/contract` brought zod and every
 * schema of every area into the first page (about 150 KB of script to run before any data could be
 * asked for). In the build, the web app's imports of the contract get instead a module made here from
 * the contract itself: each route table reduced to what the browser reads of a route, and plain
 * constants (roles, levels, limits) as literals. Schemas and helpers (the forms' checks, the words of
 * field messages) still come from the contract's files, which are marked free of side effects, so a
 * page loads zod and an area's schemas only when one of its forms needs them.
 */
export function contractForBrowser(): Plugin {
  const source = path.join(CONTRACT_SOURCE, 'index.ts');
  let contract: Record<string, unknown> = {};
  let split: ReturnType<typeof splitRouteTables> | undefined;
  const built = () => (split ??= splitRouteTables(browserContractModule(contract, source)));
  return {
    name: 'nibras-contract-for-browser',
    apply: 'build',
    // Before Vite's own resolver, which would find the contract's index through node_modules.
    enforce: 'pre',
    // The contract is TypeScript with extensionless imports: Vite's own module runner loads it.
    async buildStart() {
      contract = (await runnerImport<Record<string, unknown>>(source, { configFile: false, logLevel: 'error' })).module;
      split = undefined;
    },
    resolveId(id, importer) {
      if (id === '@nibras/contract' && importer && !importer.startsWith(CONTRACT_SOURCE)) return BROWSER_CONTRACT;
      if (id.startsWith(TABLE_PREFIX)) return id;
      return undefined;
    },
    load(id) {
      if (id === BROWSER_CONTRACT) return built().main;
      if (id.startsWith(TABLE_PREFIX)) return built().tables.get(id.slice(TABLE_PREFIX.length));
      return undefined;
    },
    transform(code, id) {
      return id.startsWith(CONTRACT_SOURCE) || id.startsWith(TABLE_PREFIX) ? { code, map: null, moduleSideEffects: false } : undefined;
    },
  };
}
