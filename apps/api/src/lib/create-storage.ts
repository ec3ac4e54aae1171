import path from 'node:path';
import type { Config } from '../config';
import { diskStorage, type Storage } from './storage';

/** The storage the settings choose (STORAGE, docs/storage.md); the AWS SDK is loaded only when it is S3. */
export async function createStorage(config: Config, now: () => number = Date.now): Promise<Storage> {
  if (config.storage.driver === 'disk') return diskStorage(path.join(config.dataDir, 'uploads'));
  const { s3Storage } = await import('./storage-s3');
  return s3Storage(config.storage, { now });
}
