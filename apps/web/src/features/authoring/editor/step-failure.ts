import { ApiError } from '../../../api/http';

export interface StepFailure {
  message: string;
  /** The server's messages by field name (`title`, `learn_points.2`, `file`). */
  fields: Readonly<Record<string, string>>;
}

/** What a failed save shows: the server's own words, or `offline` when no answer came. */
export function stepFailure(error: unknown, offline: string): StepFailure {
  if (error instanceof ApiError && !error.network) return { message: error.message, fields: error.fieldErrors };
  return { message: offline, fields: {} };
}
