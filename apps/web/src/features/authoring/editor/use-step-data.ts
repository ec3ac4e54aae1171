import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AuthoringRole } from '../../../api/authoring';
import { authoringStore, type StepNumber } from './authoring-store';

export const stepQueryKey = (role: AuthoringRole, step: StepNumber, courseId: number | null) => ['authoring', role, 'step', step, courseId] as const;
export const wholeQueryKey = (role: AuthoringRole, courseId: number | null) => ['authoring', role, 'whole', courseId] as const;

/** A step's saved data (GET edit/stepN), fetched fresh each time the step opens and kept in the editor store. */
export function useStepData<T>(role: AuthoringRole, courseId: number | null, step: StepNumber, load: (courseId: number) => Promise<T>) {
  const query = useQuery({
    queryKey: stepQueryKey(role, step, courseId),
    queryFn: () => load(courseId as number),
    enabled: courseId !== null,
    staleTime: 0,
  });
  useEffect(() => {
    if (query.data !== undefined) authoringStore.setStep(step, query.data);
  }, [step, query.data]);
  return query;
}
