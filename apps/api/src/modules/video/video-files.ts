import type { Storage } from '../../lib/storage';

/**
 * Where a lecture video's streaming ladder lives: hls/<the video's id>/ (master.m3u8, a folder per rung, poster.jpg,
 * thumbs.vtt and its sheets). Named after the video, not the lecture: a new upload is a new id, so a ladder never
 * mixes two videos' files, and removing a video removes its ladder by its key alone.
 */
export function ladderPrefix(videoKey: string): string {
  const id = videoKey.slice(videoKey.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `hls/${id}/`;
}

/** A stored file removed; a lecture video's ladder with it. */
export async function removeVideoFiles(storage: Storage, key: string): Promise<void> {
  await storage.remove(key);
  if (key.startsWith('lectures/')) await storage.removeTree(ladderPrefix(key));
}
