import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '@nibras/contract';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { failureText } from '../../../lib/http';
import { recordQueries } from '../api';
import { recordBackLink } from '../record-view';
import { ProgressChart } from '../components/progress-chart';
import { RecordAssessments } from '../components/record-assessments';
import { RecordAssignments } from '../components/record-assignments';
import { RecordLectures } from '../components/record-lectures';
import { RecordSummary } from '../components/record-summary';
import '../records.css';

/** A route's id: a positive database integer, or 0 for anything else. */
function idOf(raw: string | undefined): number {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}

/**
 * A learner's record (docs/records.md): the participant's own in a course (`/participant/record/:courseId`), or one
 * participant's in a course for its instructor or an admin (`/:role/record/:courseId/:participantId`). A refusal (not
 * enrolled, another instructor's course) shows the server's words and the way back.
 */
export default function RecordPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = idOf(params.courseId);
  const participantId = role === 'participant' ? 0 : idOf(params.participantId);
  const valid = courseId > 0 && (role === 'participant' || participantId > 0);
  const record = useQuery({ ...recordQueries.record(role, courseId, participantId), enabled: valid });
  const data = record.data;
  const own = role === 'participant';
  const title = own ? t('records.own.title') : data ? t('records.title', { name: data.participant.name }) : t('records.loadingTitle');
  usePageTitle(data ? `${title} · ${data.course.title}` : title);
  const back = recordBackLink(role);
  const backLabel = t(`records.back.${role}`);

  if (!valid || record.isError) {
    return (
      <Stack gap="lg" maw={960} data-testid="record-error">
        <EmptyState
          title={t('records.error.title')}
          description={valid ? failureText(record.error, t('records.error.text')) : t('records.error.notFound')}
          headingLevel={1}
        >
          <Button component={Link} to={back}>
            {backLabel}
          </Button>
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960} data-testid="record-page">
      <Group gap="md">
        <Anchor component={Link} to={back} size="sm" data-testid="record-back">
          {backLabel}
        </Anchor>
        {role === 'participant' ? null : (
          <Anchor component={Link} to={paths.gradebook(role, courseId)} size="sm" data-testid="record-gradebook">
            {t('gradebook.link.back')}
          </Anchor>
        )}
      </Group>
      <Stack gap={4}>
        <Title order={1} className="shell-page__title">
          {title}
        </Title>
        {data ? (
          <Text c="dimmed" dir="auto" data-testid="record-course">
            {own ? data.course.title : t('records.subtitle', { course: data.course.title })}
          </Text>
        ) : null}
      </Stack>
      {!data ? (
        <LoadingDots />
      ) : (
        <>
          <RecordSummary record={data} />
          <ProgressChart timeline={data.timeline} />
          <RecordLectures lectures={data.lectures} />
          <RecordAssessments assessments={data.assessments} role={role} courseId={data.course.id} />
          <RecordAssignments assignments={data.assignments} role={role} />
        </>
      )}
    </Stack>
  );
}
