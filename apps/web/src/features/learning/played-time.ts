/** A timeupdate normally comes every quarter second; more media time than this between two is a jump. */
export const MAX_TICK_SECONDS = 2;

/**
 * How much of the media time that passed between two timeupdate events counts as played. A jump
 * (a seek the browser did not flag, a skipped chunk) counts nothing. A tick that came late, on a
 * busy device or after the tab was throttled, still counts: the media could not have moved further
 * than the wall-clock time since the last tick at this playback rate.
 */
export function playedDelta(mediaDelta: number, wallSeconds: number, playbackRate: number): number {
  if (!(mediaDelta > 0)) return 0;
  const rate = Math.max(1, playbackRate);
  const allowed = Math.max(MAX_TICK_SECONDS, wallSeconds + 0.5) * rate;
  return mediaDelta <= allowed ? mediaDelta : 0;
}
