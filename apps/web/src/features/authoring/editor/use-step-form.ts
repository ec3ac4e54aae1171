import { useCallback, useEffect, useState } from 'react';

/**
 * A step form's values against what the server last answered: `dirty` when they differ (after
 * `normalize`, so an empty trailing line is no change), reported to the editor shell. Data that
 * arrives later (a refetch) replaces the form only while it holds no edits.
 */
export function useStepForm<D, F>(options: {
  data: D | undefined;
  toForm: (data: D) => F;
  empty: F;
  onDirtyChange: (dirty: boolean) => void;
  normalize?: (form: F) => unknown;
}) {
  const { data, toForm, empty, onDirtyChange, normalize = (form: F) => form } = options;
  const [baseline, setBaseline] = useState<F>(empty);
  const [form, setForm] = useState<F>(empty);
  const [source, setSource] = useState<D | undefined>(undefined);
  const dirty = JSON.stringify(normalize(form)) !== JSON.stringify(normalize(baseline));
  if (data !== undefined && data !== source && !dirty) {
    setSource(data);
    const loaded = toForm(data);
    setBaseline(loaded);
    setForm(loaded);
  }
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const update = useCallback(<K extends keyof F>(key: K, value: F[K]) => setForm((current) => ({ ...current, [key]: value })), []);
  /** After a save: the answer is the new baseline, and the shell hears at once (a navigation may follow). */
  const markSaved = useCallback(
    (savedData: D) => {
      const saved = toForm(savedData);
      setSource(savedData);
      setBaseline(saved);
      setForm(saved);
      onDirtyChange(false);
    },
    [toForm, onDirtyChange],
  );
  return { form, update, dirty, markSaved, loaded: source !== undefined };
}
