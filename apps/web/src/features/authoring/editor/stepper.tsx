import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuthoringRole } from '../api';
import { paths } from '../../../config/paths';
import { STEP_NUMBERS, type StepNumber } from './authoring-store';
import { isRequiredStep } from './editor-steps';

interface EditorStepperProps {
  role: AuthoringRole;
  /** Null while the course is new: only step 1 can be opened until it has been saved. */
  courseId: number | null;
  current: StepNumber;
  complete: Record<StepNumber, boolean>;
}

/**
 * The six steps as an ordered list of links (a grid that wraps to two columns on phones), each
 * with its completion written out, not only drawn.
 */
export function EditorStepper({ role, courseId, current, complete }: EditorStepperProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('authoring.editor.steps')}>
      <ol className="editor-stepper">
        {STEP_NUMBERS.map((step) => {
          const isCurrent = step === current;
          const done = complete[step];
          const stateText = done ? t('authoring.editor.stepComplete') : isRequiredStep(step) ? t('authoring.editor.stepToDo') : t('authoring.editor.stepOptional');
          const body = (
            <>
              <span className="editor-stepper__mark" aria-hidden="true">
                {done ? '✓' : step}
              </span>
              <span className="editor-stepper__text">
                <span className="editor-stepper__name">{t(`authoring.editor.step${step}`)}</span>
                <span className="editor-stepper__state">{stateText}</span>
              </span>
            </>
          );
          const className = `editor-stepper__entry${isCurrent ? ' is-current' : ''}${done ? ' is-complete' : ''}`;
          return (
            <li key={step} data-testid={`editor-step-${step}`} data-complete={String(done)}>
              {courseId === null && step !== 1 ? (
                <span className={`${className} is-disabled`} aria-disabled="true">
                  {body}
                </span>
              ) : (
                <Link className={className} to={courseId === null ? paths.newCourse(role) : paths.editCourse(role, courseId, step)} aria-current={isCurrent ? 'step' : undefined}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
