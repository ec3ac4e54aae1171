import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { SNIFF_BYTES, sniff } from './sniff';
import type { Storage } from './storage';

/** A picture larger than this many pixels is not resized (a decompression bomb); its original is served. */
const MAX_INPUT_PIXELS = 50_000_000;
/** WebP quality: covers are photos and drawings seen small; 75 keeps edges clean at a third of a PNG's bytes or less. */
const WEBP_QUALITY = 75;

/** Where the WebP copy of `key` at `width` lives: beside the original (`covers/<uuid>.w400.webp`). */
export const variantKey = (key: string, width: number) => `${key.replace(/\.[^./]+$/, '')}.w${width}.webp`;

/** Every copy an image may have, for removing them with it. */
export const variantKeys = (key: string, widths: readonly number[]) => widths.map((width) => variantKey(key, width));

/** Removes a stored image and whatever copies of it were made. */
export async function removeWithCopies(storage: Storage, key: string, widths: readonly number[]): Promise<void> {
  await Promise.all([key, ...variantKeys(key, widths)].map((k) => storage.remove(k)));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The WebP copy of a stored image, made on its first request and stored beside it: one code path for new uploads
 * and for the files that were there before (the demo's covers, a bucket filled by storage:to-s3). The original was
 * checked by its content when it was uploaded; the copy is decoded and encoded by sharp (libvips), and checked again
 * by its own bytes (sniff.ts) before it is stored. It is written under a name of its own, then renamed, so a
 * concurrent request never reads half a file. Resolves to the copy's key, or null when the original cannot be
 * resized (not a picture sharp reads, too many pixels) or the copy cannot be stored: the caller serves the original then.
 */
export async function imageVariant(storage: Storage, key: string, width: number): Promise<string | null> {
  const target = variantKey(key, width);
  if ((await storage.size(target)) !== null) return target;
  const pending = inFlight.get(target);
  if (pending) return pending;
  const making = makeVariant(storage, key, target, width).finally(() => inFlight.delete(target));
  inFlight.set(target, making);
  return making;
}

/** Copies being made in this process: a burst of first requests for one cover resizes it once. */
const inFlight = new Map<string, Promise<string | null>>();

async function makeVariant(storage: Storage, key: string, target: string, width: number): Promise<string | null> {
  let bytes: Buffer;
  try {
    // Loaded with the first copy made, not at start-up: libvips is a native library of its own.
    const { default: sharp } = await import('sharp');
    bytes = await sharp(await readAll(storage.read(key)), { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
  const type = await sniff(bytes.subarray(0, SNIFF_BYTES));
  if (type?.mime !== 'image/webp') return null;
  const part = `${target}.${randomUUID()}.part`;
  try {
    await storage.put(part, Readable.from([bytes]));
    await storage.rename(part, target);
  } catch {
    // The copy could not be kept (a full disk, the bucket refusing): the original is served, and the next request tries again.
    await storage.remove(part).catch(() => undefined);
    return null;
  }
  return target;
}
