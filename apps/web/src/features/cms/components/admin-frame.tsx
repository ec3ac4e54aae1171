import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import '../cms.css';

/** An admin content screen: its title, then its content once the saved page is in (loading and failure in both languages). */
export function AdminFrame<T>({ title, query, children }: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={960} className="cms-admin">
      <Title order={1} className="shell-page__title">
        {title}
      </Title>
      {query.isPending ? (
        <LoadingDots />
      ) : query.isError ? (
        <Alert color="red" role="alert" title={t('adminCms.loadFailed')}>
          <Button mt="sm" variant="default" onClick={() => void query.refetch()}>
            {t('adminCms.retry')}
          </Button>
        </Alert>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}

/** The outcome of the last save, announced politely. */
export function Outcome({ success, failure }: { success: string | null; failure: string | null }) {
  return <FormOutcome success={{ text: failure ? null : success, role: 'status', testId: 'cms-saved' }} failure={{ text: failure, role: 'alert', testId: 'cms-failure' }} />;
}

/** The submit button of a content page's form, the same on every screen. */
export function SaveButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" loading={pending} data-testid="cms-save">
        {t('adminCms.save')}
      </Button>
    </Group>
  );
}
