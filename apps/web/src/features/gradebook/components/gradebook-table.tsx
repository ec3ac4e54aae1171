import { Anchor } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordPath } from '../../records/public';
import type { GradebookCellView, GradebookItemView, GradebookRole, GradebookRowView } from '../api';
import { itemColumns, lecturesItem, rowFlags } from '../gradebook-view';

/** A state's sign, beside its word: the state never rests on colour alone. */
const SIGNS = { passed: '✓', failed: '✗', pending: '…', none: '' } as const;

function State({ state, label }: { state: keyof typeof SIGNS; label: string }) {
  return (
    <span className="gradebook-state" data-state={state}>
      {SIGNS[state] ? <span aria-hidden="true">{SIGNS[state]} </span> : null}
      {label}
    </span>
  );
}

function Percent({ percent }: { percent: number | null }) {
  const { t } = useTranslation();
  return <span className="gradebook-percent">{percent === null ? <span aria-hidden="true">—</span> : t('gradebook.percent', { percent })}</span>;
}

/** One learner's result on one item: its percent, what it means, and whether it came late. */
function ItemCell({ cell }: { cell: GradebookCellView }) {
  const { t } = useTranslation();
  return (
    <td className="gradebook-cell" data-testid="gradebook-cell" data-state={cell.state} data-late={cell.late || undefined}>
      <Percent percent={cell.percent} />
      {cell.state === 'none' ? <span className="visually-hidden">{t('gradebook.cell.none')}</span> : <State state={cell.state} label={t(`gradebook.cell.${cell.state}`)} />}
      {cell.late ? <span className="gradebook-late">{t('gradebook.cell.late')}</span> : null}
    </td>
  );
}

/** An item's header: its title, what it is, its weight and its pass mark. */
function ItemHead({ item }: { item: GradebookItemView }) {
  const { t } = useTranslation();
  return (
    <th scope="col" className="gradebook-item-head" data-testid="gradebook-item" data-kind={item.kind} data-item-id={item.id}>
      <span className="gradebook-item-title" dir="auto">
        {item.title}
      </span>
      <span className="gradebook-item-meta">{t(`gradebook.kind.${item.kind}`)}</span>
      <span className="gradebook-item-meta">{t('gradebook.item.weight', { weight: item.weight })}</span>
      {item.pass_mark === null ? null : <span className="gradebook-item-meta">{t('gradebook.item.pass', { pass: item.pass_mark })}</span>}
    </th>
  );
}

function LearnerRow({ row, role, courseId, columns }: { row: GradebookRowView; role: GradebookRole; courseId: number; columns: ReturnType<typeof itemColumns> }) {
  const { t } = useTranslation();
  const flags = rowFlags(row);
  return (
    <tr data-testid="gradebook-row" data-participant-id={row.participant.id} data-at-risk={row.at_risk || undefined}>
      <th scope="row" className="gradebook-learner">
        <Anchor component={Link} to={recordPath(role, courseId, row.participant.id)} fw={600} size="sm" className="break-anywhere" data-testid="gradebook-learner">
          <bdi>{row.participant.name}</bdi>
        </Anchor>
        <span className="gradebook-email" dir="ltr">
          {row.participant.email}
        </span>
      </th>
      <td className="gradebook-cell" data-testid="gradebook-progress">
        <Percent percent={row.progress_percent} />
      </td>
      <td className="gradebook-cell" data-testid="gradebook-final" data-passed={row.passed}>
        <Percent percent={row.final_percent} />
        <State state={row.passed ? 'passed' : 'failed'} label={t(row.passed ? 'gradebook.final.passed' : 'gradebook.final.notPassed')} />
      </td>
      <td data-testid="gradebook-flags">
        {flags.length === 0 ? (
          <span className="gradebook-item-meta">{t('gradebook.flag.none')}</span>
        ) : (
          <span className="gradebook-flags">
            {flags.map((flag) => (
              <span key={flag} className="gradebook-state" data-state={flag === 'completed' ? 'passed' : flag === 'atRisk' ? 'pending' : 'failed'} data-flag={flag}>
                {flag === 'failedItems' ? t('gradebook.flag.failedItems', { count: row.failed_items }) : t(`gradebook.flag.${flag}`)}
              </span>
            ))}
          </span>
        )}
      </td>
      {columns.map(({ item, index }) => (
        <ItemCell key={`${item.kind}-${item.id}`} cell={row.cells[index] ?? { percent: null, state: 'none', late: false }} />
      ))}
    </tr>
  );
}

/**
 * The gradebook's table: a row per learner (a link to their record), the progress, the final grade and the learner's
 * standing first, then a column per assessment and assignment. It scrolls sideways in its own box with the learner's
 * column held in place, so fifty items stay readable and the page itself never scrolls sideways.
 */
export function GradebookTable({ role, courseId, courseTitle, items, rows }: { role: GradebookRole; courseId: number; courseTitle: string; items: GradebookItemView[]; rows: GradebookRowView[] }) {
  const { t } = useTranslation();
  const captionId = useId();
  const columns = itemColumns(items);
  const lectures = lecturesItem(items);
  return (
    <div className="gradebook-scroll" role="region" aria-labelledby={captionId} tabIndex={0} data-testid="gradebook-scroll">
      <table className="gradebook-table" data-testid="gradebook-table">
        <caption id={captionId} className="visually-hidden">
          {t('gradebook.table.caption', { course: courseTitle })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="gradebook-learner">
              {t('gradebook.table.learner')}
            </th>
            <th scope="col" className="gradebook-item-head">
              <span className="gradebook-item-title">{t('gradebook.table.progress')}</span>
              {lectures && lectures.weight > 0 ? <span className="gradebook-item-meta">{t('gradebook.item.weight', { weight: lectures.weight })}</span> : null}
            </th>
            <th scope="col" className="gradebook-item-head">
              {t('gradebook.table.final')}
            </th>
            <th scope="col" className="gradebook-item-head">
              {t('gradebook.table.status')}
            </th>
            {columns.map(({ item }) => (
              <ItemHead key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <LearnerRow key={row.participant.id} row={row} role={role} courseId={courseId} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
