import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and seeded files live. The disk driver keeps them under DATA_DIR/uploads;
 * an S3-compatible driver implements the same interface for several API nodes.
 */
export interface Storage {
  put(key: string, body: Readable): Promise<void>;
  size(key: string): Promise<number | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder, ending in "/"): a lecture's streaming ladder. */
  removeTree(prefix: string): Promise<void>;
  /** The file's path on this machine, where there is one (disk): ffmpeg reads it in place instead of a copy. */
  localPath?(key: string): string;
  /**
   * A short-lived URL the browser fetches the file from directly, Range requests included
   * (object storage only): the API checks access, then redirects there (modules/media/serve-file.ts).
   */
  signedUrl?(key: string, options: { filename: string; contentType: string; expiresSeconds?: number }): Promise<string>;
  /** The origin of those URLs, for the page's Content-Security-Policy (plugins/security-headers.ts). */
  signedUrlOrigin?(): Promise<string>;
}

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are ours (random names), but never let one climb out of the root.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    async size(key) {
      try {
        const s = await stat(resolve(key));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
    },
    read(key, range) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async rename(from, to) {
      await mkdir(path.dirname(resolve(to)), { recursive: true });
      await rename(resolve(from), resolve(to));
    },
    async removeTree(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`a tree's prefix ends in "/": ${prefix}`);
      await rm(resolve(prefix), { recursive: true, force: true });
    },
    localPath: resolve,
  };
}
