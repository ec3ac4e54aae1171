/** 75 → "1:15", 3725 → "1:02:05": durations read the same in both languages. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function formatDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language === 'ar' ? 'ar-u-nu-latn' : language, { year: 'numeric', month: 'long', day: 'numeric' });
}
