import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format';
import type { RecordLectureView } from '../api';
import { formatTimeSpent } from '../record-view';
import '../../../styles/stacked-table.css';

/** Every lecture of the course in its order: done or not (and when), and how much of a video was played. */
export function RecordLectures({ lectures }: { lectures: RecordLectureView[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = t('records.lectures.title');
  const columns = {
    title: t('records.lectures.lecture'),
    section: t('records.lectures.section'),
    type: t('records.lectures.type'),
    completed: t('records.lectures.completed'),
    played: t('records.lectures.played'),
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="record-lectures-title" data-testid="record-lectures">
      <Title order={2} size="h4" id="record-lectures-title" mb="sm">
        {title}
      </Title>
      {lectures.length === 0 ? (
        <Text c="dimmed" data-testid="record-lectures-empty">
          {t('records.lectures.empty')}
        </Text>
      ) : (
        <div className="records-table-wrap">
          <Table striped verticalSpacing="sm" className="records-table stacked-table">
            <Table.Caption className="visually-hidden">{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {Object.entries(columns).map(([key, label]) => (
                  <Table.Th key={key} scope="col">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lectures.map((lecture) => (
                <Table.Tr key={lecture.id} data-testid="record-lecture" data-lecture-id={lecture.id} data-completed={lecture.completed_at ? 'true' : 'false'}>
                  <Table.Td data-label={columns.title}>
                    <Text size="sm" fw={600} dir="auto" className="break-anywhere">
                      {lecture.title}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={columns.section}>
                    <Text size="sm" dir="auto" className="break-anywhere">
                      {lecture.section_title}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={columns.type}>{t(`records.lectureType.${lecture.type}`)}</Table.Td>
                  <Table.Td data-label={columns.completed}>
                    {lecture.completed_at ? (
                      <Badge color="teal.9" variant="filled" autoContrast>
                        {t('records.lectures.doneOn', { date: formatLongDate(lecture.completed_at, lang) })}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('records.lectures.notDone')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={columns.played}>
                    {lecture.type === 'video'
                      ? t('records.lectures.playedOf', { played: formatTimeSpent(lecture.watched_seconds, t), length: formatTimeSpent(lecture.duration_seconds, t) })
                      : t('records.lectures.notVideo')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}
