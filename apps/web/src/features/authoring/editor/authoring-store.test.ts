import { describe, expect, it, vi } from 'vitest';
import { createAuthoringStore, FINISHED_BAR_MS } from './authoring-store';

describe('course editor store (spec section 4)', () => {
  it('keeps upload progress per field as a rounded whole percentage', () => {
    const store = createAuthoringStore();
    store.setProgress('cover', 33.4);
    store.setProgress('lecture:7', 66.5);
    store.setProgress('promo', 140);
    expect(store.getSnapshot().progress).toEqual({ cover: 33, 'lecture:7': 67, promo: 100 });
  });

  it("a finished upload's bar shows 100 % for a moment, then goes away; a new upload in between keeps its bar", () => {
    vi.useFakeTimers();
    try {
      const store = createAuthoringStore();
      store.setProgress('cover', 40);
      store.finishProgress('cover');
      expect(store.getSnapshot().progress).toEqual({ cover: 100 });
      vi.advanceTimersByTime(FINISHED_BAR_MS);
      expect(store.getSnapshot().progress).toEqual({});

      store.finishProgress('lecture:3');
      vi.advanceTimersByTime(FINISHED_BAR_MS / 2);
      store.setProgress('lecture:3', 10);
      vi.advanceTimersByTime(FINISHED_BAR_MS);
      expect(store.getSnapshot().progress).toEqual({ 'lecture:3': 10 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('clearing step 3 clears its data and the cover and promo progress, nothing else', () => {
    const store = createAuthoringStore();
    store.setStep(3, { cover_alt: 'x' });
    store.setStep(4, { sections: [] });
    store.setProgress('cover', 50);
    store.setProgress('promo', 10);
    store.setProgress('lecture:1', 20);
    store.clearStep(3);
    expect(store.getSnapshot().steps).toEqual({ 4: { sections: [] } });
    expect(store.getSnapshot().progress).toEqual({ 'lecture:1': 20 });
  });

  it('clearing step 4 clears its data and every lecture upload progress', () => {
    const store = createAuthoringStore();
    store.setStep(4, { sections: [] });
    store.setProgress('cover', 50);
    store.setProgress('lecture:1', 20);
    store.setProgress('lecture:2', 90);
    store.clearStep(4);
    expect(store.getSnapshot().steps).toEqual({});
    expect(store.getSnapshot().progress).toEqual({ cover: 50 });
  });

  it('clearing another step leaves every progress alone', () => {
    const store = createAuthoringStore();
    store.setStep(1, { title: 'a' });
    store.setProgress('cover', 5);
    store.clearStep(1);
    expect(store.getSnapshot()).toMatchObject({ steps: {}, progress: { cover: 5 } });
  });

  it('opening another course forgets the previous one, reopening the same keeps it', () => {
    const store = createAuthoringStore();
    store.open(1);
    store.setStep(2, { description: 'd' });
    store.setProgress('cover', 40);
    store.open(1);
    expect(store.getSnapshot().progress.cover).toBe(40);
    store.open(2);
    expect(store.getSnapshot()).toEqual({ courseId: 2, steps: {}, progress: {} });
  });

  it('tells subscribers about changes only', () => {
    const store = createAuthoringStore();
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.setProgress('cover', 10.2);
    store.setProgress('cover', 9.8);
    store.clearProgress('promo');
    expect(calls).toBe(1);
    stop();
    store.setProgress('cover', 50);
    expect(calls).toBe(1);
  });
});
