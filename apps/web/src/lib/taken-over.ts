import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page is HTML drawn by the server that React has not taken over yet (docs/decisions/018), true
 * from then on, and true from the first render of a page the browser renders itself. A drawn form is plain HTML
 * until then: its field and button wait for it (read-only, disabled) instead of sending the browser's own GET
 * with what was typed in the address, or taking text React would then forget.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}

/**
 * Marks the document as the app's (`<html data-app="ready">`) once the public layout and its screen are the app's:
 * a drawn page's buttons answer from then on (the browser tests wait for it before pressing one: e2e/support/browser.ts).
 */
export function announceTakenOver(): void {
  document.documentElement.dataset.app = 'ready';
}
