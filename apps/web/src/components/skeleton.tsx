import type { ReactNode } from 'react';
import { useLoadingLabel } from './loading-dots';
import './skeleton.css';

/**
 * A screen's shape in grey while its data loads: what arrives takes the place kept for it, and
 * nothing under it moves. Announced like the three dots; the grey shapes themselves are hidden
 * from assistive technology.
 */
export function Skeleton({ children }: { children: ReactNode }) {
  const label = useLoadingLabel();
  return (
    <div role="status" aria-label={label} aria-live="polite" aria-busy="true" data-testid="skeleton">
      <div aria-hidden="true">{children}</div>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/**
 * One grey line where text will be: as tall as a line of the text around it (`text`, so it can be
 * put in the element the text will be in), of small text, a card's title, a section's heading, or a badge.
 */
export function SkeletonLine({ kind = 'text', width = 'full' }: { kind?: 'small' | 'text' | 'title' | 'heading' | 'badge'; width?: 'full' | 'long' | 'half' | 'short' }) {
  return <span className={`skeleton-line skeleton-line--${kind} skeleton-line--${width}`} />;
}
