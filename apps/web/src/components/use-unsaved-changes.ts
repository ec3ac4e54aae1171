import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, type Blocker } from 'react-router';

export interface UnsavedChanges {
  dirty: boolean;
  /** What a step form reports; the flag is read synchronously, so a save followed by a navigation is never blocked. */
  setDirty: (dirty: boolean) => void;
  /** A navigation held until the user answers: "blocked" while the dialog should show. */
  blocker: Blocker;
  stay: () => void;
  leave: () => void;
}

/**
 * Asks before unsaved edits are lost: in-app navigations (links, back and forward) through the
 * router's blocker, closing or reloading the tab through the browser's own beforeunload prompt.
 */
export function useUnsavedChanges(): UnsavedChanges {
  const dirtyRef = useRef(false);
  const [dirty, setDirtyState] = useState(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);
  const blocker = useBlocker(useCallback(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname, []));

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const stay = useCallback(() => blocker.reset?.(), [blocker]);
  const leave = useCallback(() => {
    setDirty(false);
    blocker.proceed?.();
  }, [blocker, setDirty]);
  return { dirty, setDirty, blocker, stay, leave };
}
