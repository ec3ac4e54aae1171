import { describe, expect, it } from 'vitest';
import { nextReportParams, periodQuery, presetPeriod, readReportParams, writeReportParams } from './report-params';

const NOW = Date.parse('2031-06-30T12:00:00Z');

describe("the reports screen's address", () => {
  it('reads defaults, keeps them out when written, and round-trips every value', () => {
    const plain = readReportParams(new URLSearchParams(''));
    expect(plain).toEqual({ preset: '30', from: '', to: '', category: '', search: '', sort: 'enrollments', order: 'desc', page: 1, tab: 'courses' });
    expect(writeReportParams(plain).toString()).toBe('');
    const full = readReportParams(new URLSearchParams('tab=categories&preset=custom&from=2031-01-01&to=2031-02-01&category=4&q=algebra&sort=completion_rate&order=asc&page=3'));
    expect(readReportParams(writeReportParams(full))).toEqual(full);
  });

  it('drops what is not valid: an unknown sort, a date that does not exist, custom days without the custom preset', () => {
    const p = readReportParams(new URLSearchParams('sort=shoe&preset=custom&from=2031-02-30&to=2031-03-01&page=-2&category=x'));
    expect(p).toMatchObject({ sort: 'enrollments', from: '', to: '2031-03-01', page: 1, category: '' });
    expect(readReportParams(new URLSearchParams('preset=7&from=2031-01-01')).from).toBe('');
  });

  it("turns a preset into days counted back from today, and a change other than the page back to page 1", () => {
    expect(presetPeriod('7', NOW)).toEqual({ from: '2031-06-24', to: '2031-06-30' });
    expect(presetPeriod('30', NOW)).toEqual({ from: '2031-06-01', to: '2031-06-30' });
    expect(presetPeriod('year', NOW)).toEqual({ from: '2031-01-01', to: '2031-06-30' });
    expect(periodQuery(readReportParams(new URLSearchParams('preset=custom&to=2031-05-05')), NOW)).toEqual({ to: '2031-05-05' });
    const p = { ...readReportParams(new URLSearchParams('page=4')) };
    expect(nextReportParams(p, { sort: 'title' }).page).toBe(1);
    expect(nextReportParams(p, { page: 5 }).page).toBe(5);
  });
});
