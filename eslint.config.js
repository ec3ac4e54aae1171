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

const apiZones = [
  { target: `${API}/db`, from: [`${API}/modules`, `${API}/plugins`, `${API}/seed`], message: 'db/ is below every module: it imports none of them.' },
  { target: `${API}/lib`, from: [`${API}/modules`, `${API}/plugins`, `${API}/db`], message: 'lib/ holds helpers with no database and no HTTP routes.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/src/db/migrations/**', 'bench/results/**', 'coverage/**'] },
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
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*/*.queries', '../*/*.queries.ts'], message: "A module reaches another module's data through that module's service, never its queries file." }] },
      ],
    },
  },
  {
    // Routes: schema -> auth -> service. Services: the rules. Neither writes SQL: that is the queries file's job.
    files: ['apps/api/src/modules/**/*.routes.ts', 'apps/api/src/modules/**/*.service.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Database access belongs in the area\'s queries file.' }],
          patterns: [
            { group: ['**/db/schema', '**/db/schema/*'], message: "Database access belongs in the area's queries file." },
            { group: ['../*/*.queries', '../*/*.queries.ts'], message: "A module reaches another module's data through that module's service, never its queries file." },
          ],
        },
      ],
    },
  },
);
