import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = './apps/web/src';
const API = './apps/api/src';
const features = folders(`${WEB}/features/`);

// The layout of docs/architecture.md, as rules. Each zone forbids `target` to import from `from`.
const webZones = [
  // A feature reaches another only through that feature's public file.
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${WEB}/features/${feature}`,
        from: `${WEB}/features/${other}`,
        except: ['./public.ts'],
        message: `A feature imports ${other} only through features/${other}/public.ts.`,
      })),
  ),
  // The layouts compose features through the same public files.
  ...features.map((feature) => ({
    target: `${WEB}/layouts`,
    from: `${WEB}/features/${feature}`,
    except: ['./public.ts'],
    message: `The layouts import ${feature} only through features/${feature}/public.ts.`,
  })),
  // Shared code knows no feature, no screen composition and no route table.
  ...['components', 'lib', 'config', 'i18n'].map((shared) => ({
    target: `${WEB}/${shared}`,
    from: [`${WEB}/features`, `${WEB}/app`, `${WEB}/layouts`],
    message: `${shared}/ is shared: it imports no feature, layout or app code.`,
  })),
  // app/ imports features, never the reverse.
  { target: `${WEB}/features`, from: [`${WEB}/app`, `${WEB}/layouts`], message: 'Features do not import app/ or layouts/: the app composes them.' },
];

const modules = folders(`${API}/modules/`);
// What lies outside apps/api/src/modules: its folders (db, lib, plugins, seed, tools) and its top files.
const outsideModules = [...folders(`${API}/`).filter((dir) => dir !== 'modules').map((dir) => `${API}/${dir}`), `${API}/*.ts`];

const apiZones = [
  { target: `${API}/db`, from: [`${API}/modules`, `${API}/plugins`, `${API}/seed`], message: 'db/ is below every module: it imports none of them.' },
  { target: `${API}/lib`, from: [`${API}/modules`, `${API}/plugins`, `${API}/db`], message: 'lib/ holds helpers with no database and no HTTP routes.' },
];

// A module's queries files are its own, however the path to them is written: every other module,
// the plugins and the rest reach its data through its service.
const queriesZones = modules.map((module) => ({
  target: [...outsideModules, ...modules.filter((other) => other !== module).map((other) => `${API}/modules/${other}`)],
  from: `${API}/modules/${module}/**/*.queries.ts`,
  message: `Only modules/${module} imports its queries files: call its service.`,
}));

// SQL (drizzle-orm and the schema) is written in queries files and db/ only.
const SQL_MESSAGE = "SQL belongs in the area's queries file (or db/ when every module shares it).";
const schemaZone = { target: API, from: `${API}/db/schema`, message: SQL_MESSAGE };

// Where data is written directly, on purpose, past the rules above: tests and test kits may use SQL
// and any module's queries file; the demo seed (seed/) may use SQL.
const API_TESTS = ['apps/api/src/**/*.test.ts', 'apps/api/src/**/*.test-kit.ts'];
const SQL_FILES = ['apps/api/src/**/*.queries.ts', 'apps/api/src/db/**', 'apps/api/src/seed/**', ...API_TESTS];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'data/**', 'apps/api/src/db/migrations/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads every imported file itself: it needs the TypeScript parser for them.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      // Type-only imports are not followed (they leave no trace at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...apiZones] }],
    },
  },
  // A rule's options replace those of an earlier block: each block below repeats the zones it keeps.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: API_TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...apiZones, ...queriesZones] }] },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: SQL_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...apiZones, ...queriesZones, schemaZone] }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: SQL_MESSAGE }] }],
    },
  },
);
