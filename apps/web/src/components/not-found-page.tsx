import { Box, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { usePageTitle } from './use-page-title';

/** Unknown paths the route guard let through; `home` is where "back" leads in this area. */
export default function NotFoundPage({ home }: { home: string }) {
  const { t } = useTranslation();
  const title = t('notFound.title');
  usePageTitle(title);
  return (
    <Box maw={720} mx="auto" py="xl" px="md" data-testid="not-found">
      <EmptyState title={title} description={t('notFound.text')} headingLevel={1}>
        <Button component={Link} to={home}>
          {t('notFound.back')}
        </Button>
      </EmptyState>
    </Box>
  );
}
