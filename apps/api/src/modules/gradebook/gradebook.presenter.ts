import type { Gradebook, GradebookItem, GradebookQuery, GradebookRow } from '@nibras/contract';
import type { cellsOf, itemsOf, LearnerFigures, Summary } from './gradebook.queries';

type Cell = GradebookRow['cells'][number];
type Cells = Awaited<ReturnType<typeof cellsOf>>;
type Items = Awaited<ReturnType<typeof itemsOf>>;

const NONE: Cell = { percent: null, state: 'none', late: false };

function lecturesCell(done: number, total: number): Cell {
  const percent = total > 0 ? Math.floor((done * 100) / total) : 0;
  return { percent, state: total > 0 && done >= total ? 'passed' : done > 0 ? 'pending' : 'none', late: false };
}

export function presentGradebook(input: {
  course: { id: number; title: string };
  passMark: number;
  days: number;
  items: GradebookItem[];
  itemsDetail: Items;
  page: { summary: Summary; learners: LearnerFigures[]; total: number };
  cells: Cells;
  query: GradebookQuery;
}): Gradebook {
  const { itemsDetail, cells } = input;
  const attempts = new Map(cells.attempts.map((a) => [`${a.participantId}:${a.assessmentId}`, a]));
  const handIns = new Map(cells.handIns.map((h) => [`${h.participantId}:${h.assignmentId}`, h]));
  const assignmentOf = new Map(itemsDetail.assignments.map((a) => [a.id, a]));
  const totalLectures = itemsDetail.lectureIds.length;

  const cellOf = (learner: LearnerFigures, item: GradebookItem): Cell => {
    if (item.kind === 'lectures') return lecturesCell(learner.lecturesDone, totalLectures);
    if (item.kind === 'assessment') {
      const a = attempts.get(`${learner.participantId}:${item.id}`);
      if (!a) return NONE;
      const state = a.passed ? 'passed' : a.pending ? 'pending' : 'failed';
      return { percent: a.best, state, late: false };
    }
    const h = handIns.get(`${learner.participantId}:${item.id}`);
    if (!h) return NONE;
    const assignment = assignmentOf.get(item.id)!;
    if (h.gradedAt === null || h.score === null) return { percent: null, state: 'pending', late: h.late };
    const percent = Math.floor((h.score * 100) / assignment.points);
    return { percent, state: percent >= assignment.passMark ? 'passed' : 'failed', late: h.late };
  };

  return {
    course: input.course,
    pass_mark: input.passMark,
    at_risk_days: input.days,
    items: input.items,
    summary: {
      learners: input.page.summary.learners,
      completed: input.page.summary.completed,
      at_risk: input.page.summary.atRisk,
      failed: input.page.summary.failed,
      average_percent: input.page.summary.averagePercent,
    },
    learners: {
      items: input.page.learners.map((l) => ({
        participant: { id: l.participantId, name: l.name, email: l.email },
        enrolled_at: l.enrolledAt.toISOString(),
        last_studied_at: l.lastStudied.toISOString(),
        progress_percent: totalLectures > 0 ? Math.floor((l.lecturesDone * 100) / totalLectures) : 0,
        completed: l.completed,
        at_risk: l.atRisk,
        failed_items: l.failedItems,
        final_percent: l.finalPercent,
        passed: l.finalPercent >= input.passMark,
        cells: input.items.map((item) => cellOf(l, item)),
      })),
      page: input.query.page,
      perPage: input.query.perPage,
      total: input.page.total,
    },
  };
}
