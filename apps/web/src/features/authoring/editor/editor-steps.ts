import { REQUIRED_STEPS, type CourseState } from '@nibras/contract';
import type { WholeCourse } from '../api';
import { STEP_NUMBERS, type StepNumber } from './authoring-store';

/** The step of `/courses/:id/edit/:step`: a whole number 1 to 6 written plainly, otherwise null (not found). */
export function parseStep(raw: string | undefined): StepNumber | null {
  if (raw === undefined || !/^[1-6]$/.test(raw)) return null;
  return Number(raw) as StepNumber;
}

/** A course id of a path: a positive whole number written plainly, otherwise null (not found). */
export function parseCourseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export function isRequiredStep(step: StepNumber): boolean {
  return (REQUIRED_STEPS as readonly number[]).includes(step);
}

type CompletionSource = Pick<WholeCourse, 'step3' | 'step5'>;

/**
 * The stepper's marks: a required step (1, 2, 4, 6) is complete when the server does not list it
 * as missing; the optional ones when they hold something (a cover or promo; an assessment).
 * Nothing is complete before the course exists.
 */
export function stepCompletion(state: Pick<CourseState, 'missing_steps'> | undefined, course: CompletionSource | undefined): Record<StepNumber, boolean> {
  const marks = {} as Record<StepNumber, boolean>;
  for (const step of STEP_NUMBERS) {
    if (isRequiredStep(step)) marks[step] = state !== undefined && !state.missing_steps.includes(step);
    else if (step === 3) marks[step] = !!course && (course.step3.cover_image_url !== null || course.step3.promo_video_url !== null);
    else marks[step] = !!course && course.step5.assessments.length > 0;
  }
  return marks;
}
