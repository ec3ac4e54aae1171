import type { Storage } from '../../lib/storage';

async function readAt(storage: Storage, key: string, start: number, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key, { start, end: start + length - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** The ISO BMFF boxes between `from` and `to`, read header by header (a few bytes each, never the media data). */
async function* boxes(storage: Storage, key: string, from: number, to: number): AsyncGenerator<Box> {
  let offset = from;
  // A real file has a handful of top-level boxes; the bound stops a crafted one from looping.
  for (let i = 0; i < 256 && offset + 8 <= to; i++) {
    const head = await readAt(storage, key, offset, Math.min(16, to - offset));
    if (head.length < 8) return;
    let size = head.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (head.length < 16) return;
      size = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < headerSize || offset + size > to) return;
    yield { type: head.toString('latin1', 4, 8), start: offset, headerSize, size };
    offset += size;
  }
}

/**
 * The duration of an MP4 from its movie header (moov/mvhd), wherever moov sits (start or end):
 * learners complete a lecture by watching 90 % of it, so it should not rest on what a form says.
 * Null when the file says nothing usable (WebM, or a damaged file): the instructor's value stays.
 */
export async function mp4DurationSeconds(storage: Storage, key: string): Promise<number | null> {
  const size = await storage.size(key);
  if (!size) return null;
  for await (const box of boxes(storage, key, 0, size)) {
    if (box.type !== 'moov') continue;
    for await (const child of boxes(storage, key, box.start + box.headerSize, box.start + box.size)) {
      if (child.type !== 'mvhd') continue;
      const body = await readAt(storage, key, child.start + child.headerSize, Math.min(40, child.size - child.headerSize));
      const version = body[0];
      if (body.length < (version === 1 ? 32 : 20)) return null;
      const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
      const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
      if (!timescale || !Number.isFinite(duration)) return null;
      const seconds = Math.round(duration / timescale);
      return seconds >= 0 && seconds <= 86_400 ? seconds : null;
    }
    return null;
  }
  return null;
}

/**
 * Whether an MP4's index (moov) comes before its media (mdat): a player then starts after the first bytes; with the
 * index at the end (what a camera or a plain ffmpeg run writes) it must fetch the file's end before the first frame.
 * Null when the file has neither box (not an MP4, or damaged).
 */
export async function mp4IndexFirst(storage: Storage, key: string): Promise<boolean | null> {
  const size = await storage.size(key);
  if (!size) return null;
  for await (const box of boxes(storage, key, 0, size)) {
    if (box.type === 'moov') return true;
    if (box.type === 'mdat') return false;
  }
  return null;
}
