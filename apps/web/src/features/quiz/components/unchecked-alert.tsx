import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { quizQueries, type ReviewerRole } from '../api';

/** How many submissions wait for a short answer to be checked, with a way to them; nothing when none wait. */
export function UncheckedAlert({ role, showLink = true }: { role: ReviewerRole; showLink?: boolean }) {
  const { t } = useTranslation();
  const unchecked = useQuery({ ...quizQueries.uncheckedCount(role), select: (page) => page.total });
  if (!unchecked.data) return null;
  return (
    <Alert color="yellow" data-testid="quiz-unchecked">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('quiz.review.unchecked', { count: unchecked.data })}</Text>
        {showLink ? (
          <Button size="xs" variant="default" component={Link} to={`${paths.submissions(role)}?status=pending`}>
            {t('quiz.review.showUnchecked')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
