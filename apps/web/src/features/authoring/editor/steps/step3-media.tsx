import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTHORING_LIMITS, step3Body, type CourseState } from '@nibras/contract';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../../../lib/http';
import { authoringQueries, callAuthoring, uploadStep3File, type AuthoringRole, type Step3 } from '../../api';
import { authoringStore, useUploadProgress } from '../authoring-store';
import type { StepProps } from '../step-props';
import { StepForm, StepWaiting } from '../step-form';
import { useStepEditor } from '../use-step-editor';

type MediaField = 'cover' | 'promo';

/** What the file pickers offer; the server decides by the bytes, not by these. */
const ACCEPT: Record<MediaField, string> = { cover: 'image/jpeg,image/png,image/webp', promo: 'video/mp4,video/webm' };

const toForm = (data: Step3) => ({ cover_alt: data.cover_alt });
const EMPTY = { cover_alt: '' };

/** Step 3, cover media: the cover image and promo video (uploaded at once) and the cover's text alternative. */
export function Step3Media({ role, courseId, onSaved, onDirtyChange }: StepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editor = useStepEditor({
    role,
    courseId,
    step: 3,
    toValues: toForm,
    empty: EMPTY,
    onDirtyChange,
    schema: step3Body,
    toBody: (values) => ({ id: courseId, cover_alt: values.cover_alt }),
    send: (body) => callAuthoring(role, 'step3', { body }),
    onSaved: (data, message) => onSaved(data.state, message),
  });

  /** An upload or unlink answered with the whole step: the previews change, the alt text being typed stays. */
  const mediaChanged = (data: Step3, message: string) => {
    authoringStore.setStep(3, data);
    queryClient.setQueryData(authoringQueries.step(role, 3, courseId).queryKey, data);
    onSaved(data.state, message);
  };

  const { form, saved, loaded, loadFailure } = editor;
  if (loadFailure || !loaded || !saved.data) return <StepWaiting loadFailure={loadFailure} />;

  return (
    <Stack gap="xl">
      <MediaUpload role={role} courseId={courseId} field="cover" url={saved.data.cover_image_url} alt={saved.data.cover_alt} onChanged={mediaChanged} />
      <StepForm editor={editor} testId="step3-form" gap="sm">
        <TextInput
          label={t('authoring.step3.coverAlt')}
          description={t('authoring.step3.coverAltHint')}
          maxLength={AUTHORING_LIMITS.coverAlt}
          {...form.getInputProps('cover_alt')}
          dir="auto"
        />
      </StepForm>
      <MediaUpload role={role} courseId={courseId} field="promo" url={saved.data.promo_video_url} alt="" onChanged={mediaChanged} />
    </Stack>
  );
}

interface MediaUploadProps {
  role: AuthoringRole;
  courseId: number;
  field: MediaField;
  url: string | null;
  alt: string;
  onChanged: (data: Step3 & { state: CourseState }, message: string) => void;
}

function MediaUpload({ role, courseId, field, url, alt, onChanged }: MediaUploadProps) {
  const { t } = useTranslation();
  const progress = useUploadProgress(field);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const headingId = `media-${field}-heading`;

  // Leaving the step stops a running upload: nobody would see how it ended.
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: File | null) => {
    if (!file || uploading) return;
    setError(null);
    setUploading(true);
    authoringStore.setProgress(field, 0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { data, message } = await uploadStep3File(role, courseId, field, file, (percent) => authoringStore.setProgress(field, percent), controller.signal);
      authoringStore.finishProgress(field);
      onChanged(data, message);
    } catch (failure) {
      if (controller.signal.aborted) return;
      authoringStore.clearProgress(field);
      const fields = failure instanceof ApiError && !failure.network ? failure.fieldErrors : {};
      setError(fields.file ?? fields.field ?? failureText(failure, t('authoring.editor.offline')));
    } finally {
      if (!controller.signal.aborted) setUploading(false);
    }
  };

  const unlink = useMutation({
    mutationFn: () => callAuthoring(role, 'step3Unlink', { body: { id: courseId, field } }),
    onSuccess: ({ data, message }) => {
      setConfirmUnlink(false);
      authoringStore.clearProgress(field);
      onChanged(data, message);
    },
    onError: (failure) => {
      setConfirmUnlink(false);
      setError(failureText(failure, t('authoring.editor.offline')));
    },
  });

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files.item(0));
  };

  return (
    <section aria-labelledby={headingId} className="media-upload" data-testid={`media-${field}`}>
      <Stack gap="sm">
        <Title order={3} id={headingId} size="h4">
          {t(`authoring.step3.${field}`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`authoring.step3.${field}Hint`)}
        </Text>
        {url ? (
          <div className="media-upload__preview">
            {field === 'cover' ? (
              <img src={url} alt={alt || t('authoring.step3.coverPreview')} data-testid="cover-preview" />
            ) : (
              <video src={url} controls preload="metadata" aria-label={t('authoring.step3.promoPreview')} data-testid="promo-preview" />
            )}
          </div>
        ) : (
          <Text size="sm">{t(`authoring.step3.${field}None`)}</Text>
        )}
        <div
          className={`media-upload__drop${dragging ? ' is-dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid={`drop-${field}`}
        >
          <Text size="sm">{t('authoring.step3.drop')}</Text>
          <Group gap="xs" justify="center">
            <FileButton onChange={(file) => void upload(file)} accept={ACCEPT[field]} disabled={uploading} inputProps={{ 'data-testid': `file-${field}` } as Record<string, string>}>
              {(props) => (
                <Button {...props} variant="light" loading={uploading}>
                  {url ? t(`authoring.step3.${field}Replace`) : t(`authoring.step3.${field}Choose`)}
                </Button>
              )}
            </FileButton>
            {url ? (
              <Button variant="outline" color="red.9" onClick={() => setConfirmUnlink(true)} disabled={uploading}>
                {t(`authoring.step3.${field}Remove`)}
              </Button>
            ) : null}
          </Group>
        </div>
        {progress !== undefined ? (
          <Group gap="sm" wrap="nowrap" data-testid={`upload-progress-${field}`} data-value={progress}>
            <Progress value={progress} aria-label={t(`authoring.step3.${field}Progress`)} className="media-upload__bar" />
            <Text size="sm" fw={600} className="media-upload__percent">
              {t('authoring.step3.percent', { value: progress })}
            </Text>
          </Group>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" data-testid={`upload-error-${field}`}>
            {error}
          </Alert>
        ) : null}
      </Stack>
      <Modal opened={confirmUnlink} onClose={() => setConfirmUnlink(false)} title={t(`authoring.step3.${field}RemoveTitle`)} centered closeButtonProps={{ 'aria-label': t('authoring.step3.keep') }}>
        <Stack>
          <Text>{t(`authoring.step3.${field}RemoveText`)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmUnlink(false)} data-autofocus>
              {t('authoring.step3.keep')}
            </Button>
            <Button color="red.9" loading={unlink.isPending} onClick={() => unlink.mutate()} data-testid={`confirm-remove-${field}`}>
              {t(`authoring.step3.${field}Remove`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
