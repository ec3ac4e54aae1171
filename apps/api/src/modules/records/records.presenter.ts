import type { LearnerRecord, ProgressSummary, RecordAssignment } from '@nibras/contract';
import type { assessmentsRecord } from '../quiz/take.service';
import type { findEnrolment, RecordLectureRow } from './records.queries';

type Enrolment = NonNullable<Awaited<ReturnType<typeof findEnrolment>>>;

const day = (at: Date) => at.toISOString().slice(0, 10);
const latest = (dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((max, at) => (at && (!max || at.getTime() > max.getTime()) ? at : max), null);

/** Progress over time: the enrolment day at its completions, then each later day a lecture was completed, running totals. */
export function timelineOf(enrolledAt: Date, completions: Date[], total: number): LearnerRecord['timeline'] {
  const points: { date: string; completed: number }[] = [{ date: day(enrolledAt), completed: 0 }];
  let done = 0;
  for (const at of [...completions].sort((a, b) => a.getTime() - b.getTime())) {
    done += 1;
    const date = day(at) < points[0]!.date ? points[0]!.date : day(at);
    const last = points[points.length - 1]!;
    if (last.date === date) last.completed = done;
    else points.push({ date, completed: done });
  }
  return points.map((p) => ({ date: p.date, completed_lectures: Math.min(p.completed, total), percent: total ? Math.floor((Math.min(p.completed, total) / total) * 100) : 0 }));
}

export function presentRecord(input: {
  enrolment: Enrolment;
  progress: ProgressSummary;
  lectures: RecordLectureRow[];
  assessments: Awaited<ReturnType<typeof assessmentsRecord>>;
  assignments: RecordAssignment[];
}): LearnerRecord {
  const { enrolment, progress, lectures, assessments, assignments } = input;
  return {
    course: { id: enrolment.courseId, title: enrolment.courseTitle },
    participant: { id: enrolment.participantId, name: enrolment.participantName },
    enrolled_at: enrolment.enrolledAt.toISOString(),
    completed_at: enrolment.completedAt?.toISOString() ?? null,
    last_studied_at: latest([...lectures.map((l) => l.updatedAt), assessments.lastActivity, ...assignments.map((a) => (a.submission ? new Date(a.submission.submitted_at) : null))])?.toISOString() ?? null,
    progress,
    time_spent: {
      lectures_seconds: Math.floor(lectures.reduce((sum, l) => sum + (l.watchedSeconds ?? 0), 0)),
      assessments_seconds: assessments.attemptsSeconds,
    },
    timeline: timelineOf(
      enrolment.enrolledAt,
      lectures.flatMap((l) => (l.completedAt ? [l.completedAt] : [])),
      progress.totalLectures,
    ),
    lectures: lectures.map((l) => ({
      id: l.id,
      title: l.title,
      section_title: l.sectionTitle,
      type: l.type,
      duration_seconds: l.durationSeconds,
      watched_seconds: Math.floor(l.watchedSeconds ?? 0),
      completed_at: l.completedAt?.toISOString() ?? null,
      last_studied_at: l.updatedAt?.toISOString() ?? null,
    })),
    assessments: assessments.assessments,
    assignments,
  };
}
