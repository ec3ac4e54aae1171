import { describe, expect, it } from 'vitest';
import { playedDelta } from './played-time';

describe('played time between two timeupdate events', () => {
  it('counts normal playback, at any rate', () => {
    expect(playedDelta(0.25, 0.25, 1)).toBe(0.25);
    expect(playedDelta(0.5, 0.25, 2)).toBe(0.5);
  });

  it('counts a tick that arrived late, as far as the wall clock allows', () => {
    // A busy device delivered the next event 6 s later; the video really played 6 s.
    expect(playedDelta(6, 6, 1)).toBe(6);
    expect(playedDelta(12, 6, 2)).toBe(12);
  });

  it('counts nothing for a jump further than the time that passed, or backwards', () => {
    expect(playedDelta(60, 0.25, 1)).toBe(0);
    expect(playedDelta(30, 6, 2)).toBe(0);
    expect(playedDelta(-3, 0.25, 1)).toBe(0);
    expect(playedDelta(Number.NaN, 0.25, 1)).toBe(0);
  });
});
