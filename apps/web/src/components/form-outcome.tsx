import { Alert, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** One side of a form's outcome: what it says, and how it is found and heard. */
export interface Outcome {
  /** Nothing shows while it is null, undefined, false or empty. */
  text: ReactNode;
  testId?: string;
  /** The alert's role: `status` waits for a pause in speech; without one it is Mantine's `alert`. */
  role?: 'status' | 'alert';
  /** `aria-live="polite"` on the alert. */
  polite?: boolean;
  /** Another shade than the side's own green or red. */
  color?: MantineColor;
  /** A close button that forgets the outcome, with its accessible name. */
  onDismiss?: () => void;
  dismissLabel?: string;
}

const shown = (outcome: Outcome | undefined): outcome is Outcome => outcome !== undefined && outcome.text !== null && outcome.text !== undefined && outcome.text !== false && outcome.text !== '';

function OutcomeAlert({ outcome, color, mb }: { outcome: Outcome; color: MantineColor; mb?: MantineSpacing }) {
  return (
    <Alert
      color={outcome.color ?? color}
      mb={mb}
      {...(outcome.role ? { role: outcome.role } : {})}
      {...(outcome.polite ? { 'aria-live': 'polite' as const } : {})}
      {...(outcome.testId ? { 'data-testid': outcome.testId } : {})}
      {...(outcome.onDismiss ? { withCloseButton: true, closeButtonLabel: outcome.dismissLabel, onClose: outcome.onDismiss } : {})}
    >
      {outcome.text}
    </Alert>
  );
}

/**
 * What became of a form's last submission (useContractForm's `success` and `failure`, or a
 * mutation's): a green alert when it went through, a red one when it did not, the success first.
 * Each screen keeps its own test ids and says how each alert is announced.
 */
export function FormOutcome({ success, failure, mb }: { success?: Outcome; failure?: Outcome; mb?: MantineSpacing }) {
  return (
    <>
      {shown(success) ? <OutcomeAlert outcome={success} color="green" mb={mb} /> : null}
      {shown(failure) ? <OutcomeAlert outcome={failure} color="red" mb={mb} /> : null}
    </>
  );
}
