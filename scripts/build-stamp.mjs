// What `npm start` builds is rebuilt only when its sources changed (issue 25, point 11): a hash of
// every input file's path and bytes is kept beside the output, and a build whose hash matches and
// whose output is there is skipped. Content, not times: a checkout or a copy changes every mtime.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', 'dist-server', 'e2e', '.vite']);

function files(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The hash of `inputs` (files or folders, relative to `root`): their files' paths and contents, in order. */
export function sourcesHash(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    const list = existsSync(full) && statSync(full).isFile() ? [full] : files(full);
    for (const file of list.sort()) {
      hash.update(path.relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether `output` exists and `stampFile` holds `hash`: the build may be skipped. */
export function upToDate(output, stampFile, hash) {
  return existsSync(output) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash;
}

export function writeStamp(stampFile, hash) {
  writeFileSync(stampFile, `${hash}\n`);
}
