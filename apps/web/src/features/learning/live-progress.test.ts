import { describe, expect, it } from 'vitest';
import type { ProgressResult } from './api';
import { applyProgress, type Live } from './live-progress';

const start: Live = { lectures: {}, progress: null, certificate: null, justCompleted: false };

function answer(completed: boolean, completedLectures: number, positionSeconds = 8): ProgressResult {
  return {
    lectureId: 1,
    positionSeconds,
    watchedSeconds: completed ? 8 : 3,
    completed,
    courseProgress: { percent: completedLectures * 50, completedLectures, totalLectures: 2 },
    certificate: null,
  };
}

describe('progress answers laid over the player (spec: progress is saved as they watch)', () => {
  it('shows what the server answered', () => {
    const live = applyProgress(start, answer(false, 0, 3));
    expect(live.lectures[1]).toEqual({ completed: false, positionSeconds: 3, watchedSeconds: 3 });
    expect(live.progress?.percent).toBe(0);
  });

  it('an older answer arriving after the completing one does not undo the completion or the course progress', () => {
    const completed = applyProgress(start, answer(true, 1));
    const late = applyProgress(completed, answer(false, 0, 7));
    expect(late.lectures[1]).toEqual({ completed: true, positionSeconds: 7, watchedSeconds: 8 });
    expect(late.progress).toEqual({ percent: 50, completedLectures: 1, totalLectures: 2 });
  });

  it('keeps a certificate once one arrived, and says it was just earned', () => {
    const certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T00:00:00.000Z' } as unknown as ProgressResult['certificate'];
    const earned = applyProgress(start, { ...answer(true, 2), certificate });
    expect(earned.justCompleted).toBe(true);
    expect(applyProgress(earned, answer(true, 2)).certificate).toBe(certificate);
  });
});
