import type { GradebookItemView, GradebookRowView } from './api';

/**
 * The table's item columns: every assessment and assignment, each with its place in a row's cells. The lectures'
 * item is the progress column (its cell is the row's progress), so it has no column of its own.
 */
export function itemColumns(items: GradebookItemView[]): { item: GradebookItemView; index: number }[] {
  return items.flatMap((item, index) => (item.kind === 'lectures' ? [] : [{ item, index }]));
}

/** The lectures' item (its weight in the final grade), if the course has one. */
export function lecturesItem(items: GradebookItemView[]): GradebookItemView | undefined {
  return items.find((item) => item.kind === 'lectures');
}

/** A learner's standing in words, for the status column: several may hold at once (completed but failed an item). */
export function rowFlags(row: GradebookRowView): ('completed' | 'atRisk' | 'failedItems')[] {
  const flags: ('completed' | 'atRisk' | 'failedItems')[] = [];
  if (row.completed) flags.push('completed');
  if (row.at_risk) flags.push('atRisk');
  if (row.failed_items > 0) flags.push('failedItems');
  return flags;
}
