import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { certificatePdfUrl, certificateQueries } from '../api';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { PublicPage } from '../../../components/public-page';
import { formatLongDate } from '../../../lib/format';
import { SUCCESS_GREEN } from '../../../config/colors';

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" dir="auto" data-testid={testId} className="break-anywhere">
        {value}
      </Text>
    </div>
  );
}

/** Public verification of a certificate by its code, with its PDF (spec: anyone holding the code may check it). */
export default function CertificatePage() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const certificate = useQuery({
    ...certificateQueries.verify(code),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const notFound = certificate.isError && certificate.error instanceof ApiError && (certificate.error.status === 404 || certificate.error.status === 400);
  return (
    <PublicPage title={t('certificatePage.title')}>
      {certificate.isPending ? <LoadingDots /> : null}
      {certificate.isError ? (
        <EmptyState
          title={notFound ? t('certificatePage.notFound.title') : t('certificatePage.error.title')}
          description={notFound ? t('certificatePage.notFound.text') : t('certificatePage.error.text')}
        >
          <Button component={Link} to={paths.home}>
            {t('certificatePage.home')}
          </Button>
        </EmptyState>
      ) : null}
      {certificate.data ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820} mx="auto" data-testid="certificate">
          <Stack gap="lg">
            <Group gap="sm">
              <Badge color={SUCCESS_GREEN} variant="filled" size="lg">
                {t('certificatePage.verified')}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('certificatePage.code')} <bdi data-testid="certificate-code">{certificate.data.code}</bdi>
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Field label={t('certificatePage.participant')} value={certificate.data.participantName} testId="certificate-participant" />
              <Field label={t('certificatePage.course')} value={certificate.data.courseTitle} testId="certificate-course" />
              <Field label={t('certificatePage.instructor')} value={certificate.data.instructorName} testId="certificate-instructor" />
              <Field label={t('certificatePage.issued')} value={formatLongDate(certificate.data.issuedAt, i18n.language)} testId="certificate-date" />
            </SimpleGrid>
            <Group>
              <Button component="a" href={certificatePdfUrl(certificate.data.code)} download data-testid="certificate-pdf">
                {t('certificatePage.download')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </PublicPage>
  );
}
