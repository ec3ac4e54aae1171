import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthoringRole } from '../api';
import { paths } from '../../../config/paths';

interface ReviewStepCardProps {
  role: AuthoringRole;
  courseId: number;
  step: number;
  title: string;
  children: ReactNode;
}

/** One of the six steps as the course view shows it, with the way into the editor on that step. */
export function ReviewStepCard({ role, courseId, step, title, children }: ReviewStepCardProps) {
  const { t } = useTranslation();
  const headingId = `course-step-${step}`;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId} data-testid={`course-step-${step}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {t('authoring.view.stepHeading', { step, title })}
          </Title>
          <Button size="xs" variant="light" component={Link} to={paths.editCourse(role, courseId, step)} aria-label={t('authoring.view.editStep', { step, title })}>
            {t('authoring.view.edit')}
          </Button>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
