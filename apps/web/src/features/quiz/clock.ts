/**
 * The attempt clock, counted from the server's time: `server_now` came with the attempt, so the
 * device's own clock (often minutes off) only measures how long ago that answer arrived.
 */
export function secondsLeft(deadline: string, serverNow: string, receivedAt: number, now: number): number {
  const left = Date.parse(deadline) - Date.parse(serverNow) - (now - receivedAt);
  return Math.max(0, Math.ceil(left / 1000));
}

/** 75 → "1:15", 3725 → "1:02:05" (Western digits in both languages, as every number on the site). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}
