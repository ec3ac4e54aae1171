import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReportCourseSort } from '@nibras/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import type { CategoryReportView, CourseReportView, ReportFiguresView } from '../api';
import { Percent } from './report-figures';
import '../../../styles/stacked-table.css';

const FIGURES: { key: keyof ReportFiguresView; sort?: ReportCourseSort; percent?: boolean }[] = [
  { key: 'enrollments', sort: 'enrollments' },
  { key: 'active_learners', sort: 'active_learners' },
  { key: 'completions', sort: 'completions' },
  { key: 'completion_rate', sort: 'completion_rate', percent: true },
  { key: 'average_grade', sort: 'average_grade', percent: true },
  { key: 'stalled_rate', sort: 'stalled_rate', percent: true },
];

interface Sorting {
  sort: ReportCourseSort;
  order: 'asc' | 'desc';
  onSort: (sort: ReportCourseSort) => void;
}

/** A column's header: a button that sorts by it (again: the other way), its state told by aria-sort. */
function SortHeader({ label, column, sorting }: { label: string; column: ReportCourseSort; sorting: Sorting }) {
  const { t } = useTranslation();
  const active = sorting.sort === column;
  const Icon = !active ? IconArrowsSort : sorting.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton className="reports-sort" onClick={() => sorting.onSort(column)} data-testid={`reports-sort-${column}`}>
        <span>{label}</span>
        <Icon size={14} aria-hidden="true" />
        <span className="visually-hidden">{t('reports.table.sortBy')}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function FigureCells({ row }: { row: ReportFiguresView }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {FIGURES.map((f) => (
        <Table.Td key={f.key} data-label={t(`reports.figure.${f.key}`)} data-figure={f.key}>
          {f.percent ? <Percent value={row[f.key] as number | null} /> : formatNumber(row[f.key] as number, i18n.language)}
        </Table.Td>
      ))}
    </>
  );
}

function ReportTableFrame({ caption, first, sorting, children, testId }: { caption: string; first: ReactNode; sorting: Sorting; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="reports-table-wrap">
      <Table striped verticalSpacing="sm" className="reports-table stacked-table" data-testid={testId}>
        <Table.Caption className="visually-hidden">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {first}
            {FIGURES.map((f) => (
              <SortHeader key={f.key} label={t(`reports.figure.${f.key}`)} column={f.sort!} sorting={sorting} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}

/** The period's courses, a row each with its figures and the way to its drop-off. */
export function CourseReportTable({ rows, sorting }: { rows: CourseReportView['courses']['items']; sorting: Sorting }) {
  const { t } = useTranslation();
  return (
    <ReportTableFrame caption={t('reports.table.courses')} first={<SortHeader label={t('reports.table.course')} column="title" sorting={sorting} />} sorting={sorting} testId="reports-courses-table">
      {rows.map((row) => (
        <Table.Tr key={row.course.id} data-testid="reports-course-row" data-course-id={row.course.id}>
          <Table.Th scope="row" className="reports-table__name">
            <Text size="sm" fw={600} dir="auto" className="break-anywhere">
              {row.course.title}
            </Text>
            <Text size="xs" c="dimmed" dir="auto">
              {row.category?.name ?? t('reports.noCategory')}
            </Text>
            <Anchor component={Link} to={paths.adminReportDropoff(row.course.id)} size="xs" data-testid="reports-dropoff-link">
              {t('reports.table.dropoff')}
              <span className="visually-hidden">
                {' '}
                <bdi>{row.course.title}</bdi>
              </span>
            </Anchor>
          </Table.Th>
          <FigureCells row={row} />
        </Table.Tr>
      ))}
    </ReportTableFrame>
  );
}

/** The period's categories, a row each. */
export function CategoryReportTable({ rows, sorting }: { rows: CategoryReportView['categories']; sorting: Sorting }) {
  const { t } = useTranslation();
  return (
    <ReportTableFrame caption={t('reports.table.categories')} first={<SortHeader label={t('reports.table.category')} column="title" sorting={sorting} />} sorting={sorting} testId="reports-categories-table">
      {rows.map((row) => (
        <Table.Tr key={row.category?.id ?? 0} data-testid="reports-category-row">
          <Table.Th scope="row" className="reports-table__name">
            <Text size="sm" fw={600} dir="auto" className="break-anywhere">
              {row.category?.name ?? t('reports.noCategory')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('reports.table.coursesCount', { count: row.courses })}
            </Text>
          </Table.Th>
          <FigureCells row={row} />
        </Table.Tr>
      ))}
    </ReportTableFrame>
  );
}
