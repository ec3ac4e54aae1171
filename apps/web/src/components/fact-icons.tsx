/**
 * Small line icons for a course's facts (rating, lectures, duration, learners). Decorative: the text
 * beside each one says what it counts, so they are hidden from screen readers.
 */
type IconName = 'star' | 'lectures' | 'clock' | 'learners' | 'level';

const PATHS: Record<IconName, string> = {
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z',
  lectures: 'M4 5h16v11H4zM10 8.5v4.5l4-2.25zM8 19h8',
  clock: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 7.5V12l3 2',
  learners: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3.5 19c.6-3 2.8-5 5.5-5s4.9 2 5.5 5M16 5.2a3 3 0 0 1 0 5.6M17.5 14.2c1.6.6 2.7 2.3 3 4.8',
  level: 'M5 19v-4M12 19V10M19 19V5',
};

export function FactIcon({ name }: { name: IconName }) {
  return (
    <svg className={`fact-icon fact-icon--${name}`} width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill={name === 'star' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
