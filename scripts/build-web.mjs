// `npm run build:web` (and so `npm start`): builds the web app into apps/web/dist, saying so, since
// the build takes a while on a small machine and prints nothing else when all is well.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
console.log('Building the web app into apps/web/dist…');
const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', 'apps/web', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The web app did not build: see the messages above.');
  process.exit(build.status ?? 1);
}
console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
