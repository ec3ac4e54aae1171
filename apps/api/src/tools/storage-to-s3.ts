import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { moveUploadsToBucket } from '../lib/move-to-s3';
import { s3Storage } from '../lib/storage-s3';

/**
 * `npm run storage:to-s3 [-- --delete-local]`: copies DATA_DIR/uploads into the bucket the S3_*
 * settings name (docs/storage.md). Run it with the same settings the server will use, STORAGE=s3 included.
 */
async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--delete-local');
  if (unknown.length) throw new Error(`Unknown argument: ${unknown.join(' ')} (only --delete-local)`);
  const config = loadConfig();
  if (config.storage.driver !== 's3') throw new Error('Set STORAGE=s3 and the S3_* settings of the bucket to move the files to (docs/storage.md).');
  const root = path.join(config.dataDir, 'uploads');
  if (!existsSync(root)) throw new Error(`No uploads folder at ${root}: nothing to move.`);
  const deleteLocal = args.includes('--delete-local');
  console.log(`Copying ${root} to bucket ${config.storage.bucket}${deleteLocal ? ' (removing local copies once in the bucket)' : ''}`);
  const counts = await moveUploadsToBucket(root, s3Storage(config.storage), {
    deleteLocal,
    onFile: (key, outcome) => outcome === 'failed' && console.error(`  failed: ${key}`),
  });
  console.log(`copied ${counts.copied}, already there ${counts.skipped}, failed ${counts.failed.length}, local copies removed ${counts.deleted}`);
  if (counts.failed.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
