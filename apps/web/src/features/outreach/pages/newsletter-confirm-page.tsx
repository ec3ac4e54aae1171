import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ApiError, failureText } from '../../../lib/http';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { newsletterQueries } from '../api';
import '../outreach.css';

/**
 * The confirmation link of the newsletter mail lands here (double opt-in, docs/mail.md): the
 * subscription is confirmed as the page opens, once (the answer is kept; the link is then used up).
 */
export default function NewsletterConfirmPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const title = t('newsletterPage.confirm.title');
  usePageTitle(title);
  const confirm = useQuery(newsletterQueries.confirm(token));
  const refused = confirm.error instanceof ApiError && !confirm.error.network && confirm.error.status < 500;

  return (
    <div className="newsletter-page site-container">
      <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} mx="auto" aria-labelledby="newsletter-confirm-title">
        <Stack gap="md">
          <Title order={1} id="newsletter-confirm-title" size="h2">
            {title}
          </Title>
          {confirm.isPending ? (
            <>
              <Text>{t('newsletterPage.confirm.loading')}</Text>
              <LoadingDots />
            </>
          ) : null}
          <FormOutcome
            success={{ text: confirm.isSuccess ? confirm.data.message || t('newsletterPage.confirm.done') : null, polite: true, testId: 'newsletter-confirmed' }}
            failure={{
              text: confirm.isError ? (
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{refused ? failureText(confirm.error, t('newsletterPage.confirm.failed')) : t('newsletterPage.failed')}</Text>
                  {!refused ? (
                    <Button variant="light" size="xs" onClick={() => void confirm.refetch()}>
                      {t('passwordReset.retry')}
                    </Button>
                  ) : null}
                </Stack>
              ) : null,
              role: 'alert',
              testId: 'newsletter-confirm-error',
            }}
          />
          <Button component={Link} to={paths.home} variant="default" w="fit-content">
            {t('newsletterPage.home')}
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
