import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept up to date; null while React takes over HTML drawn by the server
 * (docs/decisions/018), which cannot know the screen: the caller draws both forms then, and lets CSS show the
 * one that fits. A page the browser renders itself knows the answer from its first render.
 */
export function useWidthQuery(query: string): boolean | null {
  return useSyncExternalStore<boolean | null>(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}
