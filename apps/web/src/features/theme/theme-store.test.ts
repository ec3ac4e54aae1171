import { describe, expect, it } from 'vitest';
import { createThemeStore, THEME_STORAGE_KEY } from './theme-store';
import { DEFAULT_THEME_STATE } from './theme-rules';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('the theme store', () => {
  it('starts from the defaults when the stored value is corrupt', () => {
    const store = createThemeStore(memoryStorage({ [THEME_STORAGE_KEY]: '{"sidebar":' }));
    expect(store.state()).toEqual(DEFAULT_THEME_STATE);
  });

  it('remembers a change under its one key, and a new store (a reload) reads it back', () => {
    const storage = memoryStorage();
    createThemeStore(storage).change({ background: 'dark' });
    expect(JSON.parse(storage.data.get(THEME_STORAGE_KEY)!)).toMatchObject({ background: 'dark' });
    expect(createThemeStore(storage).state().background).toBe('dark');
  });

  it('reports a refusal and stores nothing new', () => {
    const storage = memoryStorage();
    const store = createThemeStore(storage);
    store.change({ layout: 'horizontal' });
    expect(store.change({ sidebar: 'overlay' })).toBe('theme.alert.overlayHorizontal');
    expect(createThemeStore(storage).state()).toMatchObject({ layout: 'horizontal', sidebar: 'full' });
  });

  it('applies the theme only while a signed-in area is shown', () => {
    const store = createThemeStore(memoryStorage());
    expect(store.applied()).toBeNull();
    const leave = store.enterArea();
    expect(store.applied()).toEqual(store.state());
    leave();
    expect(store.applied()).toBeNull();
  });
});
