import { describe, expect, it } from 'vitest';
import { assignmentInput } from '@nibras/contract';
import { acceptList, assignmentBody, bySection, dueBody, dueWording, gradeSum, megabytes, newAssignmentValues, newRubricRow, rubricTotal, toLocalInput } from './assignment-model';

const NOW = Date.parse('2026-12-07T10:00:00Z');

describe('the due date in words', () => {
  it('says nothing without a due date', () => {
    expect(dueWording(null, NOW)).toEqual({ key: 'none' });
  });
  it('counts whole days left, rounded up: an hour left is one day', () => {
    expect(dueWording('2026-12-07T11:00:00Z', NOW)).toEqual({ key: 'in', count: 1 });
    expect(dueWording('2026-12-08T10:00:00Z', NOW)).toEqual({ key: 'in', count: 1 });
    expect(dueWording('2026-12-08T10:00:01Z', NOW)).toEqual({ key: 'in', count: 2 });
    expect(dueWording('2026-12-17T09:00:00Z', NOW)).toEqual({ key: 'in', count: 10 });
  });
  it('is overdue from the due moment on', () => {
    expect(dueWording('2026-12-07T10:00:00Z', NOW)).toEqual({ key: 'overdue' });
    expect(dueWording('2026-11-01T10:00:00Z', NOW)).toEqual({ key: 'overdue' });
  });
});

describe('rubric and grade sums', () => {
  it('adds the criteria, an empty or unreadable one as 0', () => {
    expect(rubricTotal([newRubricRow('Clarity', 10), newRubricRow('Sources', '15'), newRubricRow('Style', '')])).toBe(25);
    expect(rubricTotal([])).toBe(0);
    expect(gradeSum([4, '5', '', 'x'])).toBe(9);
  });
});

describe('the save body', () => {
  it('takes the rubric\'s sum as the points, and the contract accepts it', () => {
    const values = { ...newAssignmentValues(3), title: 'Essay', points: 7, rubric: [newRubricRow('Clarity', 10), newRubricRow('Sources', '15')] };
    const body = assignmentBody(12, values);
    expect(body.points).toBe(25);
    const parsed = assignmentInput.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.rubric).toEqual([{ title: 'Clarity', points: 10 }, { title: 'Sources', points: 15 }]);
  });
  it('sends no file types for a text answer, and no id for a new assignment', () => {
    const body = assignmentBody(12, { ...newAssignmentValues(3), title: 'Reflection', kind: 'text' });
    expect(body.file_types).toEqual([]);
    expect('id' in body).toBe(false);
    expect(assignmentInput.safeParse(body).success).toBe(true);
  });
  it('a file assignment without a type is refused with the contract\'s words', () => {
    const parsed = assignmentInput.safeParse(assignmentBody(12, { ...newAssignmentValues(3), title: 'Upload', file_types: [] }));
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['api.assignments.file_types_required']);
  });
  it('reads the due date in the browser\'s time zone and back', () => {
    expect(dueBody('')).toBeNull();
    expect(dueBody('not a date')).toBe('not a date');
    const iso = '2026-12-20T15:30:00.000Z';
    expect(dueBody(toLocalInput(iso))).toBe(iso);
  });
});

describe('small helpers', () => {
  it('offers the types\' extensions to the file picker', () => {
    expect(acceptList(['pdf', 'jpg', 'docx'])).toBe('.pdf,.jpg,.jpeg,.docx');
  });
  it('says a size in MB with one decimal', () => {
    expect(megabytes(2_516_582)).toBe('2.4');
    expect(megabytes(10)).toBe('0.1');
  });
  it('groups items by section in the order they come', () => {
    const a = { id: 1, title: 'One' };
    const b = { id: 2, title: 'Two' };
    const groups = bySection([{ n: 1, section: a }, { n: 2, section: b }, { n: 3, section: a }]);
    expect(groups.map((g) => [g.section.title, g.items.map((i) => i.n)])).toEqual([['One', [1, 3]], ['Two', [2]]]);
  });
});
