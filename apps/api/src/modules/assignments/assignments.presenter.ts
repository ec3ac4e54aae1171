import type { AssignmentStanding, AssignmentSubmission, AuthoredAssignment, GradedSubmission, GradingQueueItem, MyAssignment } from '@nibras/contract';
import type { AssignmentRow, QueueItem, SubmissionTable } from './assignments.queries';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function settingsOf(a: AssignmentRow) {
  return {
    id: a.id,
    course: { id: a.courseId, title: a.courseTitle },
    section: { id: a.sectionId, title: a.sectionTitle },
    title: a.title,
    instructions: a.instructions,
    due_at: iso(a.dueAt),
    accept_late: a.acceptLate,
    kind: a.kind,
    file_types: a.fileTypes as AuthoredAssignment['file_types'],
    max_size_mb: a.maxSizeMb,
    points: a.points,
    pass_mark: a.passMark,
    rubric: a.rubric.map((c) => ({ title: c.title, points: c.points })),
  };
}

export function presentAuthored(a: AssignmentRow, counts: { submissions: number; ungraded: number } | undefined): AuthoredAssignment {
  return { ...settingsOf(a), submissions: counts?.submissions ?? 0, ungraded: counts?.ungraded ?? 0, created_at: iso(a.createdAt)!, updated_at: iso(a.updatedAt)! };
}

/** The grade in percent of the points, rounded down (as the quizzes' percent), and whether it passes. */
export function percentOf(score: number, points: number): number {
  return points > 0 ? Math.floor((score * 100) / points) : 0;
}

export function presentSubmission(s: SubmissionTable & { graderName: string | null }, points: number, passMark: number): AssignmentSubmission {
  const graded = s.gradedAt !== null && s.score !== null;
  const percent = graded ? percentOf(s.score!, points) : null;
  return {
    id: s.id,
    text: s.text,
    file: s.fileKey ? { name: s.fileName ?? 'file', size: s.fileSize ?? 0, type: s.fileType ?? 'application/octet-stream' } : null,
    submitted_at: iso(s.submittedAt)!,
    late: s.late,
    versions: s.versions,
    graded,
    score: graded ? s.score : null,
    percent,
    passed: percent === null ? null : percent >= passMark,
    feedback: graded ? s.feedback : null,
    rubric_scores: graded ? s.rubricScores : [],
    graded_at: iso(s.gradedAt),
    graded_by: graded && s.gradedBy !== null ? { id: s.gradedBy, name: s.graderName ?? '' } : null,
  };
}

export function standingOf(submission: AssignmentSubmission | null): AssignmentStanding {
  if (!submission) return 'not_submitted';
  if (!submission.graded) return 'submitted';
  return submission.passed ? 'passed' : 'failed';
}

/** Whether a hand-in is taken now: before the due date, or after it for a first hand-in when late work is accepted. */
export function handingInOpen(a: Pick<AssignmentRow, 'dueAt' | 'acceptLate'>, handedIn: boolean, now: Date): boolean {
  if (a.dueAt === null || new Date(a.dueAt) >= now) return true;
  return a.acceptLate && !handedIn;
}

export function presentMine(a: AssignmentRow, s: (SubmissionTable & { graderName: string | null }) | undefined, now: Date): MyAssignment {
  const submission = s ? presentSubmission(s, a.points, a.passMark) : null;
  return { ...settingsOf(a), standing: standingOf(submission), can_submit: handingInOpen(a, !!s, now), server_now: now.toISOString(), submission };
}

export function presentGraded(a: AssignmentRow, s: SubmissionTable & { graderName: string | null; participantName: string }): GradedSubmission {
  return { ...presentSubmission(s, a.points, a.passMark), assignment: settingsOf(a), participant: { id: s.participantId, name: s.participantName } };
}

export function presentRow(s: SubmissionTable & { participantName: string }, points: number, passMark: number) {
  const graded = s.gradedAt !== null && s.score !== null;
  const percent = graded ? percentOf(s.score!, points) : null;
  return {
    id: s.id,
    participant: { id: s.participantId, name: s.participantName },
    submitted_at: iso(s.submittedAt)!,
    late: s.late,
    versions: s.versions,
    graded,
    score: graded ? s.score : null,
    percent,
    passed: percent === null ? null : percent >= passMark,
  };
}

export function presentQueueItem(i: QueueItem): GradingQueueItem {
  return {
    kind: i.kind,
    id: i.id,
    course: { id: i.courseId, title: i.courseTitle },
    item: { id: i.itemId, title: i.itemTitle },
    participant: { id: i.participantId, name: i.participantName },
    submitted_at: iso(i.submittedAt)!,
    late: i.late,
  };
}
