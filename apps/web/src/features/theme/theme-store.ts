import { useSyncExternalStore } from 'react';
import { applyThemeChange, applyWidthRule, parseThemeState, type ThemeChange, type ThemeRefusal, type ThemeState } from './theme-rules';
import { FONT_PAIRS } from './theme-fonts';

/** One key per browser: the theme is a device's preference, not an account's. */
export const THEME_STORAGE_KEY = 'nibras.theme';

type Listener = () => void;

export function createThemeStore(storage: Pick<Storage, 'getItem' | 'setItem'>) {
  let state = parseThemeState(storage.getItem(THEME_STORAGE_KEY));
  /** Signed-in areas mounted: the theme applies only while one is (the public site keeps the defaults). */
  let areas = 0;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  const save = (next: ThemeState) => {
    if (next === state) return;
    if (next.font !== state.font) void FONT_PAIRS[next.font].load();
    state = next;
    try {
      storage.setItem(THEME_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // A full or blocked storage only loses the memory across reloads, not the change itself.
    }
    emit();
  };
  return {
    state: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A change from the panel; returns why it was refused, if it was (the state then keeps what the rules allow). */
    change(change: ThemeChange): ThemeRefusal | undefined {
      const result = applyThemeChange(state, change);
      save(result.state);
      return result.refused;
    },
    applyWidth(width: number) {
      save(applyWidthRule(state, width));
    },
    /** Marks a signed-in area as shown; the returned function marks it gone. */
    enterArea() {
      areas += 1;
      emit();
      return () => {
        areas -= 1;
        emit();
      };
    },
    applied: (): ThemeState | null => (areas > 0 ? state : null),
  };
}

export const themeStore = createThemeStore(typeof localStorage === 'undefined' ? { getItem: () => null, setItem: () => undefined } : localStorage);

export function useThemeState(): ThemeState {
  return useSyncExternalStore(themeStore.subscribe, themeStore.state, themeStore.state);
}

/** The theme to apply app-wide right now: the stored one inside a signed-in area, else null. */
export function useAppliedTheme(): ThemeState | null {
  return useSyncExternalStore(themeStore.subscribe, themeStore.applied, themeStore.applied);
}
