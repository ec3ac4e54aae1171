// `npm run build:web` (and so `npm start`): builds the web app into apps/web/dist, saying so, since
// the build takes a while on a small machine and prints nothing else when all is well; skipped when
// the sources are those of the build already there (scripts/build-stamp.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesHash, upToDate, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
// The web app's sources, the shared contract it imports, and what decides how it is built.
const hash = sourcesHash(root, ['apps/web', 'packages/contract/src', 'package-lock.json', 'scripts/build-web.mjs']);
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.sources-hash');
if (upToDate(path.join(dist, 'index.html'), stamp, hash) && upToDate(path.join(root, 'apps/web/dist-server/entry-server.js'), stamp, hash)) {
  console.log('Web app up to date in apps/web/dist (sources unchanged since its build).');
  process.exit(0);
}
console.log('Building the web app into apps/web/dist…');
const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', 'apps/web', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The web app did not build: see the messages above.');
  process.exit(build.status ?? 1);
}
// The public pages' first screen, for the API server to render (apps/web/src/entry-server.tsx, docs/decisions/018).
const ssr = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', 'apps/web', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (ssr.status !== 0) {
  console.error('The server rendering of the web app did not build: see the messages above.');
  process.exit(ssr.status ?? 1);
}
writeStamp(stamp, hash);
console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
