import { useSyncExternalStore } from 'react';

/**
 * The course editor's client state (spec section 4, "Other"): what each step last added or fetched,
 * and the upload progress of each file field as a rounded whole percentage. Per-step data can be
 * cleared; clearing step 3 also clears the cover and promo progress, clearing step 4 the lecture
 * video progress, so a course opened next never shows another course's half-finished uploads.
 */
export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;
export const STEP_NUMBERS: readonly StepNumber[] = [1, 2, 3, 4, 5, 6];

/** cover and promo belong to step 3; `lecture:<id>` to step 4. */
export type ProgressField = 'cover' | 'promo' | `lecture:${number}`;

export interface AuthoringSnapshot {
  courseId: number | null;
  steps: Readonly<Partial<Record<StepNumber, unknown>>>;
  progress: Readonly<Partial<Record<ProgressField, number>>>;
}

const STEP_OF_FIELD = (field: ProgressField): StepNumber => (field.startsWith('lecture:') ? 4 : 3);

/** How long a finished upload's bar stays at 100 % before it goes away. */
export const FINISHED_BAR_MS = 2000;

export function createAuthoringStore() {
  let snapshot: AuthoringSnapshot = { courseId: null, steps: {}, progress: {} };
  const listeners = new Set<() => void>();
  // A finished bar's pending removal, by field; any later progress of that field cancels it.
  const removals = new Map<ProgressField, ReturnType<typeof setTimeout>>();
  const cancelRemoval = (field: ProgressField) => {
    clearTimeout(removals.get(field));
    removals.delete(field);
  };
  const set = (next: AuthoringSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts editing a course (null: a new one); another course's data and progress go. */
    open(courseId: number | null) {
      if (snapshot.courseId === courseId) return;
      set({ courseId, steps: {}, progress: {} });
    },
    setStep(step: StepNumber, data: unknown) {
      set({ ...snapshot, steps: { ...snapshot.steps, [step]: data } });
    },
    /** The step's data goes; for steps 3 and 4 the progress of their uploads too. */
    clearStep(step: StepNumber) {
      const steps = { ...snapshot.steps };
      delete steps[step];
      const progress = Object.fromEntries(Object.entries(snapshot.progress).filter(([field]) => STEP_OF_FIELD(field as ProgressField) !== step));
      set({ ...snapshot, steps, progress });
    },
    clearAll() {
      set({ courseId: snapshot.courseId, steps: {}, progress: {} });
    },
    /** Progress as a rounded whole percentage between 0 and 100. */
    setProgress(field: ProgressField, percent: number) {
      cancelRemoval(field);
      const value = Math.min(100, Math.max(0, Math.round(percent)));
      if (snapshot.progress[field] === value) return;
      set({ ...snapshot, progress: { ...snapshot.progress, [field]: value } });
    },
    /** A finished upload: its bar shows 100 % for FINISHED_BAR_MS, then goes away. */
    finishProgress(field: ProgressField) {
      this.setProgress(field, 100);
      removals.set(
        field,
        setTimeout(() => this.clearProgress(field), FINISHED_BAR_MS),
      );
    },
    clearProgress(field: ProgressField) {
      cancelRemoval(field);
      if (!(field in snapshot.progress)) return;
      const progress = { ...snapshot.progress };
      delete progress[field];
      set({ ...snapshot, progress });
    },
  };
}

export type AuthoringStore = ReturnType<typeof createAuthoringStore>;

/** The one editor store of the app. */
export const authoringStore = createAuthoringStore();

export function useAuthoringSnapshot(): AuthoringSnapshot {
  return useSyncExternalStore(authoringStore.subscribe, authoringStore.getSnapshot);
}

export function useUploadProgress(field: ProgressField): number | undefined {
  return useAuthoringSnapshot().progress[field];
}
