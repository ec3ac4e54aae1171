import { describe, expect, it } from 'vitest';
import { formatClock, secondsLeft } from './clock';
import { positiveInt, readListParams } from './list-params';

describe('readListParams', () => {
  it('reads the spec’s second question mark as another parameter', () => {
    const params = readListParams('?course_id=1?page=2');
    expect(params.get('course_id')).toBe('1');
    expect(params.get('page')).toBe('2');
  });

  it('reads the normal form the same way, and the first value wins', () => {
    expect(Object.fromEntries(readListParams('?course_id=1&page=2'))).toEqual({ course_id: '1', page: '2' });
    expect(readListParams('?page=3&course_id=1?page=2').get('page')).toBe('3');
  });
});

describe('positiveInt', () => {
  it('keeps whole positive numbers and falls back on anything else', () => {
    expect(positiveInt('4', 1)).toBe(4);
    for (const bad of [null, '', '0', '-2', '1.5', 'abc', '9999999999']) expect(positiveInt(bad, 1)).toBe(1);
  });
});

describe('the attempt clock', () => {
  it('counts from the server’s time, whatever the device clock says', () => {
    // The device is 10 minutes ahead; 30 s passed on it since the answer arrived.
    const receivedAt = Date.parse('2026-01-01T10:10:00Z');
    const left = secondsLeft('2026-01-01T10:05:00Z', '2026-01-01T10:00:00Z', receivedAt, receivedAt + 30_000);
    expect(left).toBe(270);
    expect(secondsLeft('2026-01-01T10:05:00Z', '2026-01-01T10:00:00Z', receivedAt, receivedAt + 400_000)).toBe(0);
  });

  it('formats minutes and seconds, and hours when there are some', () => {
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
