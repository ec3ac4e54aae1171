import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkReport } from '../api';

/** Lines left out shown at once; the count of the others is said below the table. */
const SHOWN_PROBLEMS = 200;

/** What a CSV run did (or, dry, would do): the counts, then each line left out with its number and reason. */
export function BulkReportView({ report }: { report: BulkReport }) {
  const { t } = useTranslation();
  const shown = report.problems.slice(0, SHOWN_PROBLEMS);
  const hidden = report.problems.length - shown.length;
  const figures = [
    { key: 'lines', count: report.lines },
    { key: report.dryRun ? 'wouldCreate' : 'created', count: report.created },
    ...(report.course ? [{ key: report.dryRun ? 'wouldEnrol' : 'enrolled', count: report.enrolled }] : []),
    { key: 'existing', count: report.existing },
    { key: 'problems', count: report.problems.length },
  ];
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="enrolments-report">
      <Stack gap="md">
        <Title order={2} size="h3">
          {report.dryRun ? t('enrolments.report.dryTitle') : t('enrolments.report.doneTitle')}
        </Title>
        {report.course ? (
          <Text>
            {t('enrolments.report.course')}{' '}
            <Text span fw={700} dir="auto">
              {report.course.title}
            </Text>
          </Text>
        ) : (
          <Text>{t('enrolments.report.noCourse')}</Text>
        )}
        <Group gap="lg" component="ul" className="enrolments-report__figures">
          {figures.map((figure) => (
            <Text component="li" key={figure.key} data-testid={`enrolments-figure-${figure.key}`}>
              {t(`enrolments.report.${figure.key}`, { count: figure.count })}
            </Text>
          ))}
        </Group>
        {report.problems.length === 0 ? (
          <Alert color="green">{t('enrolments.report.clean')}</Alert>
        ) : (
          // No scroll container: the emails break anywhere, so the three columns fit a phone's width.
          <Table striped withTableBorder data-testid="enrolments-problems">
            <Table.Caption>{t('enrolments.report.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('enrolments.report.line')}</Table.Th>
                <Table.Th scope="col">{t('enrolments.report.email')}</Table.Th>
                <Table.Th scope="col">{t('enrolments.report.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((problem) => (
                <Table.Tr key={problem.line}>
                  <Table.Td>{problem.line}</Table.Td>
                  <Table.Td dir="ltr" className="enrolments-report__email">
                    {problem.email}
                  </Table.Td>
                  <Table.Td>{t(`enrolments.problem.${problem.reason}`, { line: problem.sameAs ?? '' })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {hidden > 0 ? <Text c="dimmed">{t('enrolments.report.more', { count: hidden })}</Text> : null}
      </Stack>
    </Paper>
  );
}
