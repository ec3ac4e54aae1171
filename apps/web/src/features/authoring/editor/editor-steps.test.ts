import { describe, expect, it } from 'vitest';
import { parseCourseId, parseStep, stepCompletion } from './editor-steps';

const emptyMedia = { step3: { id: 1, cover_alt: '', cover_image_url: null, promo_video_url: null }, step5: { id: 1, assessments: [], topics: [] } };
const assessment = { id: 4, course_id: 1, title: 'Quiz', pass_mark: 50, time_limit_minutes: null, max_attempts: null, shuffle: false, position: 0, questions: [], draws: [] };

describe('editor step parsing', () => {
  it('accepts the six steps only, written plainly', () => {
    expect(['1', '2', '3', '4', '5', '6'].map(parseStep)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const bad of [undefined, '', '0', '7', '01', '2.0', ' 2', 'two', '-1']) expect(parseStep(bad), String(bad)).toBeNull();
  });

  it('accepts positive database ids only', () => {
    expect(parseCourseId('42')).toBe(42);
    for (const bad of [undefined, '0', '042', '-3', '1e3', 'abc', '2147483648']) expect(parseCourseId(bad), String(bad)).toBeNull();
  });
});

describe('step completion marks', () => {
  it('marks nothing complete before the course exists', () => {
    expect(stepCompletion(undefined, undefined)).toEqual({ 1: false, 2: false, 3: false, 4: false, 5: false, 6: false });
  });

  it('takes the required steps from the missing steps the server names', () => {
    const marks = stepCompletion({ missing_steps: [2, 4] }, emptyMedia);
    expect(marks).toMatchObject({ 1: true, 2: false, 4: false, 6: true });
  });

  it('marks the optional steps complete only when they hold something', () => {
    expect(stepCompletion({ missing_steps: [] }, emptyMedia)).toMatchObject({ 3: false, 5: false });
    const withCover = { ...emptyMedia, step3: { ...emptyMedia.step3, cover_image_url: '/api/instructor/course/media?t=x' } };
    expect(stepCompletion({ missing_steps: [] }, withCover)[3]).toBe(true);
    const withPromo = { ...emptyMedia, step3: { ...emptyMedia.step3, promo_video_url: '/m?t=y' } };
    expect(stepCompletion({ missing_steps: [] }, withPromo)[3]).toBe(true);
    const withQuiz = { ...emptyMedia, step5: { id: 1, assessments: [assessment], topics: [] } };
    expect(stepCompletion({ missing_steps: [] }, withQuiz)[5]).toBe(true);
  });

  it('keeps the optional marks off until the whole course has loaded', () => {
    expect(stepCompletion({ missing_steps: [] }, undefined)).toMatchObject({ 3: false, 5: false, 1: true });
  });
});
