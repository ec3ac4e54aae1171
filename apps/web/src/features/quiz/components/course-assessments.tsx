import { Alert, Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { quizQueries } from '../api';
import { StandingBadge } from './quiz-badges';

/**
 * The assessments of the course being studied, next to its outline. When every lecture is done but the
 * certificate has not come, it says why: the certificate also needs every assessment passed.
 */
export function CourseAssessments({ courseId, lecturesDone, hasCertificate }: { courseId: number; lecturesDone: boolean; hasCertificate: boolean }) {
  const { t } = useTranslation();
  const list = useQuery(quizQueries.myAssessments(courseId, 1));
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  const waiting = items.some((item) => item.standing !== 'passed');
  return (
    <Paper withBorder radius="lg" p="md" mt="md" data-testid="course-assessments">
      <Title order={2} size="h4" mb="sm">
        {t('quiz.course.title')}
      </Title>
      <Stack gap="xs">
        {lecturesDone && !hasCertificate && waiting ? (
          <Alert color="yellow" data-testid="course-assessments-needed">
            {t('quiz.course.needed')}
          </Alert>
        ) : null}
        <ul className="plain-list">
          {items.map((item) => (
            <li key={item.assessment.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={paths.assessment(item.assessment.id)} size="sm" dir="auto" className="break-anywhere">
                  {item.assessment.title}
                </Anchor>
                <StandingBadge standing={item.standing} />
              </Group>
            </li>
          ))}
        </ul>
        {list.data && list.data.total > items.length ? (
          <Anchor component={Link} to={paths.myAssessments} size="sm">
            {t('quiz.course.all')}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
