import { Alert, Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { privacyEntryBody, type PrivacyEntry, type PrivacyView } from '@nibras/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormOutcome } from '../../../components/form-outcome';
import { useContractForm } from '../../../lib/forms';
import { failureText } from '../../../lib/http';
import { cmsKeys, cmsQueries, deletePrivacyEntry, savePrivacyEntry } from '../api';
import { AdminFrame } from '../components/admin-frame';
import { ConfirmDelete } from '../components/confirm-delete';
import { inLanguage } from '../components/rich-content';
import { RichTextField } from '../components/rich-text-field';

type Editing = { entry: PrivacyEntry | null };

function EntryForm({ editing, nextPosition, onDone }: { editing: Editing; nextPosition: number; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entry = editing.entry;
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: privacyEntryBody,
    initialValues: {
      title_ar: entry?.title_ar ?? '',
      title_en: entry?.title_en ?? '',
      body_ar: entry?.body_ar ?? '',
      body_en: entry?.body_en ?? '',
      position: entry?.position ?? nextPosition,
    },
    toBody: (values) => (entry ? { ...values, id: entry.id } : values),
    send: savePrivacyEntry,
    networkFailure: 'adminCms.network',
    onSuccess: (result) => {
      queryClient.setQueryData(cmsQueries.privacy().queryKey, result.data);
      void queryClient.invalidateQueries({ queryKey: cmsKeys.all });
      onDone(result.message);
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="cms-privacy-form">
      <Stack gap="md">
        <FormOutcome failure={{ text: failure, role: 'alert' }} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('adminCms.privacy.titleAr')} required dir="rtl" lang="ar" {...form.getInputProps('title_ar')} data-testid="cms-privacy-title-ar" />
          <TextInput label={t('adminCms.privacy.titleEn')} required dir="ltr" lang="en" {...form.getInputProps('title_en')} data-testid="cms-privacy-title-en" />
        </SimpleGrid>
        <RichTextField label={t('adminCms.privacy.bodyAr')} lang="ar" testId="cms-privacy-body-ar" {...form.getInputProps('body_ar')} />
        <RichTextField label={t('adminCms.privacy.bodyEn')} lang="en" testId="cms-privacy-body-en" {...form.getInputProps('body_en')} />
        <NumberInput label={t('adminCms.position')} description={t('adminCms.positionHint')} min={0} max={10000} allowDecimal={false} w={200} {...form.getInputProps('position')} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="cms-privacy-save">
            {t('adminCms.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PrivacyEntries({ view }: { view: PrivacyView }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<PrivacyEntry | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deletePrivacyEntry(id),
    onSuccess: (response) => {
      queryClient.setQueryData(cmsQueries.privacy().queryKey, response.data);
      setResult({ ok: true, text: response.message });
    },
    onError: (error) => setResult({ ok: false, text: failureText(error, t('adminCms.network')) }),
    onSettled: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: cmsKeys.all });
    },
  });
  const nextPosition = Math.max(0, ...view.entries.map((e) => e.position + 10));
  return (
    <>
      <Group justify="space-between">
        <Text c="dimmed">{t('adminCms.privacy.hint')}</Text>
        <Button onClick={() => setEditing({ entry: null })} data-testid="cms-privacy-add">
          {t('adminCms.privacy.add')}
        </Button>
      </Group>
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} withCloseButton closeButtonLabel={t('adminCms.dismiss')} onClose={() => setResult(null)} data-testid="cms-result">
          {result.text}
        </Alert>
      ) : null}
      {view.entries.length === 0 ? (
        <EmptyState title={t('adminCms.privacy.empty.title')} description={t('adminCms.privacy.empty.text')} />
      ) : (
        <ul className="plain-list" aria-label={t('adminCms.privacy.list')}>
          {view.entries.map((entry) => {
            const title = inLanguage(entry, 'title', i18n.language);
            return (
              <li key={entry.id}>
                <Paper withBorder radius="lg" p="md" mb="sm" data-testid="cms-privacy-entry">
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Stack gap={2} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                      <Text fw={700} dir="auto" className="break-anywhere">
                        {title}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('adminCms.positionValue', { position: entry.position })}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      <Button size="xs" variant="default" onClick={() => setEditing({ entry })} aria-label={t('adminCms.editNamed', { name: title })} data-testid="cms-privacy-edit">
                        {t('adminCms.edit')}
                      </Button>
                      <Button size="xs" variant="outline" color="red.9" onClick={() => setDeleting(entry)} aria-label={t('adminCms.deleteNamed', { name: title })} data-testid="cms-privacy-delete">
                        {t('adminCms.delete.do')}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              </li>
            );
          })}
        </ul>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.entry ? t('adminCms.privacy.editTitle') : t('adminCms.privacy.addTitle')}
        size="xl"
        fullScreen={!!phone}
        closeButtonProps={{ 'aria-label': t('adminCms.close') }}
      >
        {editing ? (
          <EntryForm
            editing={editing}
            nextPosition={nextPosition}
            onDone={(message) => {
              setEditing(null);
              setResult({ ok: true, text: message });
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDelete
        name={deleting ? inLanguage(deleting, 'title', i18n.language) : ''}
        opened={deleting !== null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}

/** /admin/cms/privacy: the privacy policy's entries. */
export default function AdminPrivacyPage() {
  const { t } = useTranslation();
  const privacy = useQuery(cmsQueries.privacy());
  return <AdminFrame title={t('adminCms.privacy.title')} query={privacy}>{(data) => <PrivacyEntries view={data} />}</AdminFrame>;
}
