// `npm run build:api` (and so `npm start`): bundles the API server's TypeScript into one ES module,
// apps/api/dist/server.js, run by plain Node: no TypeScript loader (tsx and its esbuild service)
// sits beside the server at run time, which costs memory and start-up time (issue 15, docs/operations.md).
// npm packages stay external (resolved from node_modules as usual); the workspace's own packages
// (@nibras/contract, TypeScript sources) are bundled in.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { sourcesHash, upToDate, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUTFILE = path.join(root, 'apps/api/dist/server.js');

/**
 * Files the server reads next to its modules (migrations, seed media, translations, the common
 * passwords list) are found from `import.meta.url`. In one bundle every module would share the
 * bundle's address, so each module's own is put back: its source file's address, written relative
 * to the bundle, which keeps the checkout movable after the build.
 */
function keepModuleAddresses(outdir) {
  return {
    name: 'nibras-module-addresses',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const address = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', address), loader: 'ts' };
      });
    },
  };
}

/** Bare imports stay external, but for the workspace's packages. */
const externalPackages = {
  name: 'nibras-external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@nibras/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildApi(outfile = DEFAULT_OUTFILE) {
  await build({
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    // Stack traces point at the TypeScript sources.
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalPackages, keepModuleAddresses(path.dirname(outfile))],
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const target = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_OUTFILE;
  // The API's sources, the contract, and what decides how they are bundled: unchanged, no new bundle (scripts/build-stamp.mjs).
  const hash = sourcesHash(root, ['apps/api/src', 'packages/contract/src', 'package-lock.json', 'scripts/build-api.mjs']);
  const stamp = `${target}.sources-hash`;
  if (upToDate(target, stamp, hash)) {
    console.log(`API server up to date in ${path.relative(root, target)} (sources unchanged since its build).`);
  } else {
    const outfile = await buildApi(target);
    writeStamp(stamp, hash);
    console.log(`API server built into ${path.relative(root, outfile)} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
}
