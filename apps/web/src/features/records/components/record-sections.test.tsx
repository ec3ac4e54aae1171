import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../test-support/render-markup';
import type { LearnerRecordView } from '../api';
import { ProgressChart } from './progress-chart';
import { RecordAssessments } from './record-assessments';
import { RecordAssignments } from './record-assignments';
import { RecordLectures } from './record-lectures';
import { RecordSummary } from './record-summary';

const attempt = {
  id: 31,
  assessment_id: 5,
  number: 1,
  status: 'failed' as const,
  score: 1,
  max_score: 2,
  percent: 50,
  pass_mark: 60,
  submitted_at: '2026-11-20T10:00:00Z',
  checked_at: null,
  answers: [{ answer_id: 1, question_id: 8, option_ids: [81], text: null, matches: [], blanks: [], number: null, correct: false, points_awarded: 0, points: 1, feedback: null }],
};

const record: LearnerRecordView = {
  course: { id: 4, title: 'Arabic grammar' },
  participant: { id: 9, name: 'Huda' },
  enrolled_at: '2026-11-01T09:00:00Z',
  completed_at: null,
  last_studied_at: '2026-11-20T10:00:00Z',
  progress: { percent: 50, completedLectures: 1, totalLectures: 2 },
  time_spent: { lectures_seconds: 3900, assessments_seconds: 0 },
  timeline: [
    { date: '2026-11-01', completed_lectures: 0, percent: 0 },
    { date: '2026-11-20', completed_lectures: 1, percent: 50 },
  ],
  lectures: [
    { id: 1, title: 'Nouns', section_title: 'Basics', type: 'video', duration_seconds: 600, watched_seconds: 540, completed_at: '2026-11-20T09:00:00Z', last_studied_at: null },
    { id: 2, title: 'Verbs', section_title: 'Basics', type: 'article', duration_seconds: 0, watched_seconds: 0, completed_at: null, last_studied_at: null },
  ],
  assessments: [
    { id: 5, title: 'Quiz 1', pass_mark: 60, standing: 'failed', best_percent: 50, questions: [{ id: 8, type: 'single', text: 'Q?', points: 1, options: [{ id: 81, text: 'A' }], choices: [], blanks: 0 }], attempts: [attempt] },
    { id: 6, title: 'Quiz 2', pass_mark: 60, standing: 'not_started', best_percent: null, questions: [], attempts: [] },
  ],
  assignments: [
    {
      id: 7,
      title: 'Essay',
      section_title: 'Basics',
      due_at: '2026-11-25T18:00:00Z',
      points: 20,
      pass_mark: 50,
      rubric: [
        { title: 'Clarity', points: 10 },
        { title: 'Sources', points: 10 },
      ],
      standing: 'passed',
      submission: {
        id: 70,
        text: 'First line\nSecond line',
        file: null,
        submitted_at: '2026-11-26T09:00:00Z',
        late: true,
        versions: 2,
        graded: true,
        score: 15,
        percent: 75,
        passed: true,
        feedback: 'Well argued.',
        rubric_scores: [8, 7],
        graded_at: '2026-11-27T09:00:00Z',
        graded_by: { id: 3, name: 'Omar' },
      },
    },
    { id: 8, title: 'Report', section_title: 'Basics', due_at: null, points: 10, pass_mark: 50, rubric: [], standing: 'not_submitted', submission: null },
  ],
} as LearnerRecordView;

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

describe("a learner's record, section by section", () => {
  it('sums up progress, dates and time spent', () => {
    const html = renderMarkup(<RecordSummary record={record} />);
    expect(count(html, 'record-summary')).toBe(1);
    expect(html).toContain('records.summary.notCompleted');
    expect(html).toContain('catalog.duration.hoursMinutes');
    expect(html).toContain('records.time.none');
  });

  it('draws progress over time with its table, or says there is none yet', () => {
    const html = renderMarkup(<ProgressChart timeline={record.timeline} />);
    expect(count(html, 'record-chart')).toBe(1);
    expect(html.match(/data-date="/g)).toHaveLength(2);
    const empty = renderMarkup(<ProgressChart timeline={record.timeline.slice(0, 1)} />);
    expect(count(empty, 'record-chart-empty')).toBe(1);
    expect(count(empty, 'record-chart-table')).toBe(0);
  });

  it('lists every lecture with a label on each value for the phone cards', () => {
    const html = renderMarkup(<RecordLectures lectures={record.lectures} />);
    expect(count(html, 'record-lecture')).toBe(2);
    expect(html).toContain('data-completed="true"');
    expect(html).toContain('records.lectures.notVideo');
    expect(html).toContain('data-label="records.lectures.played"');
    expect(count(renderMarkup(<RecordLectures lectures={[]} />), 'record-lectures-empty')).toBe(1);
  });

  it('shows each attempt with its answers, linked to its check screen for a reviewer only', () => {
    const reviewer = renderMarkup(
      <MemoryRouter>
        <RecordAssessments assessments={record.assessments} role="admin" courseId={4} />
      </MemoryRouter>,
    );
    expect(count(reviewer, 'record-assessment')).toBe(2);
    expect(count(reviewer, 'record-attempt')).toBe(1);
    expect(count(reviewer, 'quiz-result-answer')).toBe(1);
    expect(count(reviewer, 'record-no-attempts')).toBe(1);
    expect(reviewer).toContain('href="/admin/Assessment/4/31"');
    const own = renderMarkup(
      <MemoryRouter>
        <RecordAssessments assessments={record.assessments} role="participant" courseId={4} />
      </MemoryRouter>,
    );
    expect(count(own, 'record-attempt-check')).toBe(0);
    // The answers are the participant's: "your answer" to them, "the participant's answer" to a reviewer.
    expect(own).toContain('quiz.result.yourAnswer');
    expect(reviewer).toContain('quiz.check.answer');
    expect(reviewer).not.toContain('quiz.result.yourAnswer');
    expect(count(renderMarkup(<RecordAssessments assessments={[]} role="participant" courseId={4} />), 'record-assessments-empty')).toBe(1);
  });

  it('shows each assignment with its standing, the late hand-in, the grade, the rubric and the feedback', () => {
    const html = renderMarkup(<RecordAssignments assignments={record.assignments} role="instructor" />);
    expect(count(html, 'record-assignment')).toBe(2);
    expect(html).toContain('data-standing="passed"');
    expect(count(html, 'assignment-late')).toBe(1);
    expect(count(html, 'assignment-versions')).toBe(1);
    // The text answer as written, its line break kept by the CSS (pre-wrap), not turned into markup.
    expect(html).toContain('First line\nSecond line');
    expect(count(html, 'assignment-rubric-scores')).toBe(1);
    expect(html).toContain('Well argued.');
    expect(html).toContain('assignments.handIn.theirText');
    expect(count(html, 'record-no-hand-in')).toBe(1);
    expect(count(renderMarkup(<RecordAssignments assignments={[]} role="participant" />), 'record-assignments-empty')).toBe(1);
  });
});
