import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { attemptCheckLink, formatTimeSpent, hasProgressOverTime, recordBackLink, timelinePoints } from './record-view';

/** A t() that says which key it was given and with what, so the choice of words can be checked. */
const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction;

describe('timelinePoints', () => {
  it('sorts the days, keeps the last point of a day and the percent between 0 and 100', () => {
    const points = timelinePoints(
      [
        { date: '2026-11-20', completed_lectures: 2, percent: 40 },
        { date: '2026-11-01', completed_lectures: 0, percent: 0 },
        { date: '2026-11-20', completed_lectures: 3, percent: 60 },
        { date: '2026-12-02', completed_lectures: 6, percent: 120 },
      ],
      'en',
    );
    expect(points.map((p) => [p.date, p.percent, p.completedLectures])).toEqual([
      ['2026-11-01', 0, 0],
      ['2026-11-20', 60, 3],
      ['2026-12-02', 100, 6],
    ]);
  });

  it('labels each day as the server dated it, whatever the time zone, with Latin digits in Arabic', () => {
    const [point] = timelinePoints([{ date: '2026-11-24', completed_lectures: 1, percent: 10 }], 'en');
    expect(point!.label).toBe('Nov 24, 2026');
    const [arabic] = timelinePoints([{ date: '2026-01-01', completed_lectures: 1, percent: 10 }], 'ar');
    expect(arabic!.label).toMatch(/2026/);
    // The month in words: no slashes for a right-to-left axis to reorder.
    expect(arabic!.label).not.toContain('/');
    expect(arabic!.label).not.toMatch(/[\u0660-\u0669]/);
  });

  it('has something to draw only past the enrolment day', () => {
    expect(hasProgressOverTime(timelinePoints([], 'en'))).toBe(false);
    expect(hasProgressOverTime(timelinePoints([{ date: '2026-11-01', completed_lectures: 0, percent: 0 }], 'en'))).toBe(false);
    expect(
      hasProgressOverTime(
        timelinePoints(
          [
            { date: '2026-11-01', completed_lectures: 0, percent: 0 },
            { date: '2026-11-02', completed_lectures: 1, percent: 10 },
          ],
          'en',
        ),
      ),
    ).toBe(true);
  });
});

describe('formatTimeSpent', () => {
  it('says none for nothing, under a minute for seconds, and hours and minutes (seconds dropped) beyond', () => {
    expect(formatTimeSpent(0, t)).toBe('records.time.none');
    expect(formatTimeSpent(45, t)).toBe('catalog.duration.minutes {"count":0}');
    expect(formatTimeSpent(12 * 60 + 30, t)).toBe('catalog.duration.minutes {"count":12}');
    expect(formatTimeSpent(2 * 3600 + 5 * 60 + 59, t)).toBe('catalog.duration.hoursMinutes {"hours":2,"minutes":5}');
    expect(formatTimeSpent(3 * 3600 + 20, t)).toBe('catalog.duration.hours {"count":3}');
  });
});

describe('the record links', () => {
  it('go back where each role comes from', () => {
    expect(recordBackLink('participant')).toBe('/participant/my-courses');
    expect(recordBackLink('instructor')).toBe('/instructor/assessment-summary');
    expect(recordBackLink('admin')).toBe('/admin/Assessment');
  });

  it("open an attempt's check screen for the reviewing roles only", () => {
    expect(attemptCheckLink('participant', 4, 9)).toBeNull();
    expect(attemptCheckLink('instructor', 4, 9)).toBe('/instructor/assessment-summary/4/9');
    expect(attemptCheckLink('admin', 4, 9)).toBe('/admin/Assessment/4/9');
  });
});
