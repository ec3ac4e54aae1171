import type { CourseState } from '@nibras/contract';
import type { AuthoringRole } from '../api';

/**
 * What the editor shell gives each step form of a saved course (steps 2 to 6). A step loads its own
 * data (GET edit/stepN), keeps it in the authoring store, saves on its own (POST addUpdate/stepN),
 * and reports back so the shell can update the completion marks and warn before unsaved changes
 * are lost.
 */
export interface StepProps {
  role: AuthoringRole;
  courseId: number;
  /** After every successful save, upload, unlink or delete: the course's new state and the server's message. */
  onSaved: (state: CourseState, message: string) => void;
  /** True while the form holds changes that are not saved yet. */
  onDirtyChange: (dirty: boolean) => void;
}
