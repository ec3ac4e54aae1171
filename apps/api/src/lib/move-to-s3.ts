import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';

export interface MoveCounts {
  /** Files written to the bucket by this run. */
  copied: number;
  /** Files the bucket already held with the same size (an earlier run). */
  skipped: number;
  /** Local copies removed (only with `deleteLocal`, only once the bucket holds the same size). */
  deleted: number;
  /** Files whose size in the bucket did not match after the copy, or that could not be copied. */
  failed: string[];
}

/** Every file under root, as a storage key ('/' separated, relative to root). */
async function keysUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    // An upload still in flight (or cut off) is never worth moving (lib/uploads.ts names it .part).
    .filter((key) => !key.endsWith('.part'))
    .sort();
}

/**
 * Copies DATA_DIR/uploads into a bucket under the same keys, so the database's file references hold
 * as they are. Safe to run again: what the bucket already has with the same size is skipped.
 */
export async function moveUploadsToBucket(
  root: string,
  bucket: Storage,
  options: { deleteLocal?: boolean; concurrency?: number; onFile?: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void } = {},
): Promise<MoveCounts> {
  const counts: MoveCounts = { copied: 0, skipped: 0, deleted: 0, failed: [] };
  const keys = await keysUnder(root);
  let next = 0;
  const moveOne = async (key: string) => {
    const file = path.join(root, ...key.split('/'));
    const local = (await stat(file)).size;
    let outcome: 'copied' | 'skipped' | 'failed';
    if ((await bucket.size(key)) === local) outcome = 'skipped';
    else {
      try {
        await bucket.put(key, createReadStream(file));
        outcome = (await bucket.size(key)) === local ? 'copied' : 'failed';
      } catch {
        outcome = 'failed';
      }
    }
    options.onFile?.(key, outcome);
    if (outcome === 'failed') {
      counts.failed.push(key);
      return;
    }
    counts[outcome] += 1;
    if (options.deleteLocal) {
      await rm(file);
      counts.deleted += 1;
    }
  };
  const worker = async () => {
    while (next < keys.length) await moveOne(keys[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, keys.length) }, worker));
  return counts;
}
