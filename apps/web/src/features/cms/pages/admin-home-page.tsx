import { ActionIcon, Alert, Button, FileInput, Group, Image, Modal, NumberInput, Paper, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { homeContentBody, homeImageFields, type HomeImage, type HomeView } from '@nibras/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormOutcome } from '../../../components/form-outcome';
import { useContractForm } from '../../../lib/forms';
import { ApiError, failureText, type ApiResult } from '../../../lib/http';
import { addHomeImage, cmsKeys, cmsQueries, deleteHomeImage, saveHome, updateHomeImage } from '../api';
import { AdminFrame, Outcome, SaveButton } from '../components/admin-frame';
import { ConfirmDelete } from '../components/confirm-delete';
import { inLanguage } from '../components/rich-content';

function HeroForm({ saved }: { saved: HomeView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: homeContentBody,
    initialValues: {
      hero_title_ar: saved.hero_title_ar,
      hero_title_en: saved.hero_title_en,
      hero_text_ar: saved.hero_text_ar,
      hero_text_en: saved.hero_text_en,
      cta_label_ar: saved.cta_label_ar,
      cta_label_en: saved.cta_label_en,
      cta_link: saved.cta_link,
    },
    send: saveHome,
    networkFailure: 'adminCms.network',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cmsKeys.all }),
  });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="cms-hero-heading">
      <form onSubmit={onSubmit} noValidate data-testid="cms-hero-form">
        <Stack gap="md">
          <Title order={2} size="h3" id="cms-hero-heading">
            {t('adminCms.home.hero')}
          </Title>
          <Text size="sm" c="dimmed">{t('adminCms.home.heroHint')}</Text>
          <Outcome success={success} failure={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('adminCms.home.titleAr')} dir="rtl" lang="ar" placeholder={t('home.title', { lng: 'ar' })} {...form.getInputProps('hero_title_ar')} data-testid="cms-hero-title-ar" />
            <TextInput label={t('adminCms.home.titleEn')} dir="ltr" lang="en" placeholder={t('home.title', { lng: 'en' })} {...form.getInputProps('hero_title_en')} data-testid="cms-hero-title-en" />
            <TextInput label={t('adminCms.home.textAr')} dir="rtl" lang="ar" {...form.getInputProps('hero_text_ar')} />
            <TextInput label={t('adminCms.home.textEn')} dir="ltr" lang="en" {...form.getInputProps('hero_text_en')} />
            <TextInput label={t('adminCms.home.ctaAr')} dir="rtl" lang="ar" {...form.getInputProps('cta_label_ar')} />
            <TextInput label={t('adminCms.home.ctaEn')} dir="ltr" lang="en" {...form.getInputProps('cta_label_en')} />
          </SimpleGrid>
          <TextInput label={t('adminCms.home.ctaLink')} description={t('adminCms.linkHint')} dir="ltr" {...form.getInputProps('cta_link')} />
          <SaveButton pending={pending} />
        </Stack>
      </form>
    </Paper>
  );
}

type ImageFields = { alt_ar: string; alt_en: string; title_ar: string; title_en: string; link: string; position: number };

/** Add (with the file) or edit (texts, link, position) one hero image. */
function ImageForm({ image, nextPosition, onDone }: { image: HomeImage | null; nextPosition: number; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { form, onSubmit, pending, failure } = useContractForm<ImageFields, HomeImage>({
    schema: homeImageFields,
    initialValues: {
      alt_ar: image?.alt_ar ?? '',
      alt_en: image?.alt_en ?? '',
      title_ar: image?.title_ar ?? '',
      title_en: image?.title_en ?? '',
      link: image?.link ?? '',
      position: image?.position ?? nextPosition,
    },
    rules: (): Record<string, string> => (image || file ? {} : { file: 'adminCms.home.fileRequired' }),
    send: async (values): Promise<ApiResult<HomeImage>> => {
      if (image) return updateHomeImage(image.id, values);
      setProgress(0);
      try {
        return await addHomeImage(values, file!, setProgress);
      } catch (error) {
        if (error instanceof ApiError) setFileError(error.fieldErrors.file ?? null);
        throw error;
      } finally {
        setProgress(null);
      }
    },
    networkFailure: 'adminCms.network',
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: cmsKeys.all });
      onDone(result.message);
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="cms-image-form">
      <Stack gap="md">
        <FormOutcome failure={{ text: failure, role: 'alert' }} />
        {image ? (
          <Image src={image.url} alt="" radius="md" h={140} w="auto" fit="contain" style={{ alignSelf: 'start' }} />
        ) : (
          <FileInput
            label={t('adminCms.home.file')}
            description={t('adminCms.home.fileHint')}
            accept="image/jpeg,image/png,image/webp"
            required
            clearable
            clearButtonProps={{ 'aria-label': t('adminCms.home.clearFile') }}
            value={file}
            onChange={(next) => {
              setFile(next);
              setFileError(null);
              form.clearFieldError('file');
            }}
            error={fileError ?? form.errors.file}
            fileInputProps={{ 'data-testid': 'cms-image-file-input' } as React.ComponentProps<'input'>}
            data-testid="cms-image-file"
          />
        )}
        {progress !== null ? <Progress value={progress} aria-label={t('adminCms.home.uploading')} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('adminCms.home.altAr')} required dir="rtl" lang="ar" {...form.getInputProps('alt_ar')} data-testid="cms-image-alt-ar" />
          <TextInput label={t('adminCms.home.altEn')} required dir="ltr" lang="en" {...form.getInputProps('alt_en')} data-testid="cms-image-alt-en" />
          <TextInput label={t('adminCms.home.captionAr')} dir="rtl" lang="ar" {...form.getInputProps('title_ar')} data-testid="cms-image-title-ar" />
          <TextInput label={t('adminCms.home.captionEn')} dir="ltr" lang="en" {...form.getInputProps('title_en')} data-testid="cms-image-title-en" />
          <TextInput label={t('adminCms.home.imageLink')} description={t('adminCms.linkHint')} dir="ltr" {...form.getInputProps('link')} />
          <NumberInput label={t('adminCms.position')} description={t('adminCms.positionHint')} min={0} max={10000} allowDecimal={false} {...form.getInputProps('position')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="cms-image-save">
            {image ? t('adminCms.save') : t('adminCms.home.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const fieldsOf = (image: HomeImage, position: number) => ({
  alt_ar: image.alt_ar,
  alt_en: image.alt_en,
  title_ar: image.title_ar,
  title_en: image.title_en,
  link: image.link,
  position,
});

function HomeImages({ images }: { images: HomeImage[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<{ image: HomeImage | null } | null>(null);
  const [deleting, setDeleting] = useState<HomeImage | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const done = (text: string) => setResult({ ok: true, text });
  const failed = (error: unknown) => setResult({ ok: false, text: failureText(error, t('adminCms.network')) });
  const remove = useMutation({
    mutationFn: (id: number) => deleteHomeImage(id),
    onSuccess: (response) => done(response.message),
    onError: failed,
    onSettled: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: cmsKeys.all });
    },
  });
  // Moving an image renumbers the list in steps of 10, saving only the images whose position changed.
  const move = useMutation({
    mutationFn: async ({ index, by }: { index: number; by: -1 | 1 }) => {
      const order = [...images];
      const [moved] = order.splice(index, 1);
      order.splice(index + by, 0, moved!);
      let last: ApiResult<HomeImage> | null = null;
      for (const [i, image] of order.entries()) {
        if (image.position !== i * 10) last = await updateHomeImage(image.id, fieldsOf(image, i * 10));
      }
      return last;
    },
    onSuccess: (response) => done(response?.message ?? t('adminCms.home.moved')),
    onError: failed,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cmsKeys.all }),
  });
  const nextPosition = Math.max(0, ...images.map((i) => i.position + 10));
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="cms-images-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="cms-images-heading">
            {t('adminCms.home.images')}
          </Title>
          <Button onClick={() => setEditing({ image: null })} data-testid="cms-image-add">
            {t('adminCms.home.addImage')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">{t('adminCms.home.imagesHint')}</Text>
        {result ? (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} withCloseButton closeButtonLabel={t('adminCms.dismiss')} onClose={() => setResult(null)} data-testid="cms-result">
            {result.text}
          </Alert>
        ) : null}
        {images.length === 0 ? (
          <EmptyState title={t('adminCms.home.noImages.title')} description={t('adminCms.home.noImages.text')} headingLevel={3} />
        ) : (
          <ol className="plain-list" aria-label={t('adminCms.home.images')}>
            {images.map((image, index) => {
              const alt = inLanguage(image, 'alt', i18n.language);
              return (
                <li key={image.id}>
                  <Paper withBorder radius="md" p="sm" mb="sm" data-testid="cms-image">
                    <Group gap="sm" wrap="wrap">
                      <Image src={image.url} alt="" w={112} h={63} radius="sm" fit="cover" />
                      <Stack gap={2} style={{ flex: '1 1 10rem', minInlineSize: 0 }}>
                        <Text fw={700} dir="auto" className="break-anywhere">{alt}</Text>
                        <Text size="sm" c="dimmed">{t('adminCms.positionValue', { position: image.position })}</Text>
                      </Stack>
                      <Group gap="xs" wrap="wrap">
                        <ActionIcon variant="default" size="lg" disabled={index === 0 || move.isPending} onClick={() => move.mutate({ index, by: -1 })} aria-label={t('adminCms.home.moveUp', { name: alt })}>
                          <span aria-hidden="true">↑</span>
                        </ActionIcon>
                        <ActionIcon variant="default" size="lg" disabled={index === images.length - 1 || move.isPending} onClick={() => move.mutate({ index, by: 1 })} aria-label={t('adminCms.home.moveDown', { name: alt })}>
                          <span aria-hidden="true">↓</span>
                        </ActionIcon>
                        <Button size="xs" variant="default" onClick={() => setEditing({ image })} aria-label={t('adminCms.editNamed', { name: alt })} data-testid="cms-image-edit">
                          {t('adminCms.edit')}
                        </Button>
                        <Button size="xs" variant="outline" color="red.9" onClick={() => setDeleting(image)} aria-label={t('adminCms.deleteNamed', { name: alt })} data-testid="cms-image-delete">
                          {t('adminCms.delete.do')}
                        </Button>
                      </Group>
                    </Group>
                  </Paper>
                </li>
              );
            })}
          </ol>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.image ? t('adminCms.home.editImage') : t('adminCms.home.addImage')}
        size="lg"
        fullScreen={!!phone}
        closeButtonProps={{ 'aria-label': t('adminCms.close') }}
      >
        {editing ? (
          <ImageForm
            image={editing.image}
            nextPosition={nextPosition}
            onDone={(message) => {
              setEditing(null);
              done(message);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDelete
        name={deleting ? inLanguage(deleting, 'alt', i18n.language) : ''}
        opened={deleting !== null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Paper>
  );
}

/** /admin/cms/home: the hero's texts and button, and the carousel's images. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const home = useQuery(cmsQueries.home());
  return (
    <AdminFrame title={t('adminCms.home.title')} query={home}>
      {(data) => (
        <>
          <HeroForm saved={data} />
          <HomeImages images={data.images} />
        </>
      )}
    </AdminFrame>
  );
}
