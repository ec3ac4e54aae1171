import type { Role } from '@nibras/contract';
import type { TFunction } from 'i18next';
import { paths } from '../../config/paths';
import { formatDay, formatDuration } from '../../lib/format';
import type { LearnerRecordView } from './api';

export interface ChartPoint {
  /** YYYY-MM-DD, the server's (UTC) day. */
  date: string;
  /** The day as the reader writes it. */
  label: string;
  percent: number;
  completedLectures: number;
}

/**
 * The record's timeline as the chart draws it: oldest first, one point a day (the last of a day wins, should the
 * server ever send two), each percent kept between 0 and 100.
 */
export function timelinePoints(timeline: LearnerRecordView['timeline'], language: string): ChartPoint[] {
  const byDay = new Map<string, LearnerRecordView['timeline'][number]>();
  for (const point of timeline) byDay.set(point.date, point);
  return [...byDay.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((point) => ({ date: point.date, label: formatDay(point.date, language), percent: Math.min(100, Math.max(0, point.percent)), completedLectures: point.completed_lectures }));
}

/** Whether there is progress to draw: more than the enrolment day alone. */
export function hasProgressOverTime(points: readonly ChartPoint[]): boolean {
  return points.length > 1;
}

/** Time spent, in hours and minutes: "2 h 5 min", "12 min", "Under a minute", or "None yet" for nothing at all. */
export function formatTimeSpent(seconds: number, t: TFunction): string {
  if (seconds <= 0) return t('records.time.none');
  if (seconds < 60) return t('catalog.duration.minutes', { count: 0 });
  return formatDuration(seconds - (seconds % 60), t);
}

/** Where the record's back link leads: the screen each role comes to a record from. */
export function recordBackLink(role: Role): string {
  if (role === 'participant') return paths.myCourses;
  // Reviewers reach a record from a submission's check screen: back to the submissions.
  return paths.submissions(role);
}

/** An attempt's check screen for the reviewing roles; the participant has none. */
export function attemptCheckLink(role: Role, courseId: number, submissionId: number): string | null {
  return role === 'participant' ? null : paths.submission(role, courseId, submissionId);
}
