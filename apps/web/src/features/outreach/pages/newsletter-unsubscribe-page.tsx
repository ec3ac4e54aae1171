import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/http';
import { FormOutcome } from '../../../components/form-outcome';
import { usePageTitle } from '../../../components/use-page-title';
import { unsubscribeNewsletter } from '../api';
import '../outreach.css';

/**
 * The unsubscribe link of every newsletter mail lands here, with no sign-in: the page asks first
 * (a link opened by a mail scanner changes nothing), then removes the subscription.
 */
export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const title = t('newsletterPage.unsubscribe.title');
  usePageTitle(title);
  const leave = useMutation({ mutationFn: () => unsubscribeNewsletter(token) });

  return (
    <div className="newsletter-page site-container">
      <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} mx="auto" aria-labelledby="newsletter-unsubscribe-title">
        <Stack gap="md">
          <Title order={1} id="newsletter-unsubscribe-title" size="h2">
            {title}
          </Title>
          {leave.isSuccess ? (
            <FormOutcome success={{ text: leave.data.message || t('newsletterPage.unsubscribe.done'), polite: true, testId: 'newsletter-unsubscribed' }} />
          ) : (
            <>
              <Text>{t('newsletterPage.unsubscribe.text')}</Text>
              <FormOutcome failure={{ text: leave.isError ? failureText(leave.error, t('newsletterPage.failed')) : null, role: 'alert', testId: 'newsletter-unsubscribe-error' }} />
              <Group>
                <Button color="red.9" loading={leave.isPending} onClick={() => leave.mutate()} data-testid="newsletter-unsubscribe">
                  {t('newsletterPage.unsubscribe.confirm')}
                </Button>
              </Group>
            </>
          )}
          <Button component={Link} to={paths.home} variant="default" w="fit-content">
            {t('newsletterPage.home')}
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
