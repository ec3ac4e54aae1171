import type { LearnCourse, ProgressResult } from './api';

export interface LectureState {
  completed: boolean;
  positionSeconds: number;
  watchedSeconds: number;
}

/** What the server answered since the page loaded, laid over the loaded outline. */
export interface Live {
  lectures: Record<number, LectureState>;
  progress: LearnCourse['progress'] | null;
  certificate: LearnCourse['certificate'];
  justCompleted: boolean;
}

/**
 * Lays one progress answer over what is shown. Reports travel together (pause and ended fire at
 * once), and on a busy server the answer of a report handled first can arrive last: completion and
 * the course's progress only ever move forward here, as they do on the server.
 */
export function applyProgress(before: Live, result: ProgressResult): Live {
  const prior = before.lectures[result.lectureId];
  const newer = !before.progress || result.courseProgress.completedLectures >= before.progress.completedLectures;
  return {
    lectures: {
      ...before.lectures,
      [result.lectureId]: {
        completed: result.completed || (prior?.completed ?? false),
        positionSeconds: result.positionSeconds,
        watchedSeconds: Math.max(result.watchedSeconds, prior?.watchedSeconds ?? 0),
      },
    },
    progress: newer ? result.courseProgress : before.progress,
    certificate: result.certificate ?? before.certificate,
    justCompleted: before.justCompleted || (!before.certificate && !!result.certificate),
  };
}
