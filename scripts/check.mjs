// The static checks of `npm test`, run at once (they share nothing): type checks of the three
// packages, lint, and the web build the browser tests need. Prints each one's seconds; the output of
// a failed one is printed whole, and the run fails if any failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// TypeScript 7, the compiler's native port, checks the types: the same checks in about half the CPU of TypeScript 6
// (measured: 68 s against 149 s for the three projects). TypeScript 6 stays the `typescript` package that the linter's
// parser, Vite and Vitest load (typescript-eslint supports up to 6.0); both name a `tsc`, so this one is named by its path.
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');

const checks = [
  ['types: contract', tsc, ['-p', 'packages/contract', '--noEmit']],
  ['types: api', tsc, ['-p', 'apps/api', '--noEmit']],
  ['types: web', tsc, ['-p', 'apps/web', '--noEmit']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  // The build the browser tests load, made as `npm start` makes it from a shell that says NODE_ENV=development:
  // scripts/web-build.test.ts checks this same build (production React, compressed twins) instead of making another.
  ['web build', bin('vite'), ['build', 'apps/web', '--logLevel', 'warn'], { NODE_ENV: 'development' }],
  // The public pages' server rendering (apps/web/dist-server, docs/decisions/018), which the API and browser tests use.
  ['web ssr build', bin('vite'), ['build', 'apps/web', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'], { NODE_ENV: 'development' }],
];

function run([name, command, args, env = {}]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, ok: false, seconds: 0, output: String(error) }));
    child.on('close', (code) => resolve({ name, ok: code === 0, seconds: (performance.now() - started) / 1000, output }));
  });
}

const started = performance.now();
const results = await Promise.all(checks.map(run));
for (const result of results) {
  console.log(`${result.ok ? '✓' : '✗'} ${result.name.padEnd(16)} ${result.seconds.toFixed(1).padStart(5)} s`);
  if (!result.ok) console.log(result.output);
}
console.log(`checks: ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
