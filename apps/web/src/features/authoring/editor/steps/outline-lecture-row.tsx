import { Anchor, Badge, Button, FileButton, Group, Progress, Switch, Text, TextInput } from '@mantine/core';
import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadProgress } from '../authoring-store';
import { formatDuration, type DraftLecture } from './outline-model';
import { OutlineHandle, OutlineMoveButtons } from './outline-row-tools';
import { CaptionsField } from './captions-field';
import { LectureContent, LectureTypePicker } from './lecture-content';
import type { AuthoringRole } from '../../api';
import type { OutlineAnswer } from './outline-model';

export interface LectureRowProps {
  lecture: DraftLecture;
  /** Position in the whole outline (1-based), for its labels. */
  number: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  titleError?: string;
  rowError?: string;
  uploading: boolean;
  uploadError?: string;
  dragging: boolean;
  onChange: (patch: Partial<DraftLecture>) => void;
  /** The article, PDF and resources (lecture-content.tsx) answer with the outline. */
  role: AuthoringRole;
  courseId: number;
  onServerChange: (response: { data: OutlineAnswer; message: string }) => void;
  onMove: (direction: -1 | 1, control: MoveControl) => void;
  onDelete: () => void;
  onUpload: (file: File) => void;
  onUnlink: () => void;
  onAddCaptions: (lang: string, file: File) => void;
  onRemoveCaptions: (lang: string) => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}

export type MoveControl = 'up' | 'down' | 'handle' | 'title';

/**
 * Alt+ArrowUp / Alt+ArrowDown anywhere in a row (its handle, its title…): the keyboard twin of dragging
 * it. Focus goes back to the control that had it once the row has moved.
 */
export function moveKey(event: KeyboardEvent, move: (direction: -1 | 1, control: MoveControl) => void) {
  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
  event.preventDefault();
  event.stopPropagation();
  const control = (event.target as HTMLElement).dataset.control;
  move(event.key === 'ArrowUp' ? -1 : 1, control === 'up' || control === 'down' || control === 'title' ? control : 'handle');
}

/** One lecture of the outline: title, free preview, length, video (upload with progress, preview, unlink), moves. */
export function OutlineLectureRow(props: LectureRowProps) {
  const { t } = useTranslation();
  const { lecture } = props;
  const progress = useUploadProgress(`lecture:${lecture.id ?? 0}`);
  const name = lecture.title.trim() || t('authoring.step4.untitledLecture');
  const showProgress = lecture.id !== undefined && progress !== undefined;
  return (
    <li
      className="outline-lecture"
      data-row={lecture.key}
      data-testid="outline-lecture"
      data-lecture-id={lecture.id ?? ''}
      data-dragging={props.dragging || undefined}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      onKeyDown={(event) => moveKey(event, props.onMove)}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <OutlineHandle label={t('authoring.step4.lectureHandle', { title: name })} testId="lecture-handle" onDragStart={props.onDragStart} onDragEnd={props.onDragEnd} />
        <TextInput
          className="outline-grow"
          label={t('authoring.step4.lectureTitle', { number: props.number })}
          value={lecture.title}
          onChange={(event) => props.onChange({ title: event.currentTarget.value })}
          error={props.titleError}
          dir="auto"
          maxLength={200}
          data-testid="lecture-title"
          data-control="title"
        />
      </Group>
      <Group gap="xs" className="outline-lecture__tools">
        <LectureTypePicker lecture={lecture} title={name} onChange={props.onChange} />
        <Switch
          label={t('authoring.step4.freePreview')}
          checked={lecture.is_free_preview}
          onChange={(event) => props.onChange({ is_free_preview: event.currentTarget.checked })}
        />
        <Text size="sm" c="dimmed">
          {t('authoring.step4.duration', { duration: formatDuration(lecture.duration_seconds) })}
        </Text>
        {lecture.id === undefined ? (
          <Badge color="gray.8" variant="outline">
            {t('authoring.step4.saveBeforeVideo')}
          </Badge>
        ) : lecture.has_video ? (
          <Badge color="dark" variant="outline" data-testid="lecture-has-video" leftSection={<span aria-hidden="true">✓</span>}>
            {t('authoring.step4.hasVideo')}
          </Badge>
        ) : lecture.type !== 'video' ? null : (
          <Badge color="red.9" variant="outline" data-testid="lecture-no-video">
            {t('authoring.step4.noVideo')}
          </Badge>
        )}
      </Group>
      <Group gap="xs" className="outline-lecture__tools">
        {lecture.id !== undefined && lecture.type === 'video' ? (
          <FileButton onChange={(file) => file && props.onUpload(file)} accept="video/mp4,video/webm" inputProps={{ 'data-testid': `lecture-video-input-${lecture.id}` } as Record<string, string>}>
            {(buttonProps) => (
              <Button {...buttonProps} size="xs" variant="default" loading={props.uploading} aria-label={t('authoring.step4.actionFor', { action: lecture.has_video ? t('authoring.step4.replaceVideo') : t('authoring.step4.uploadVideo'), title: name })}>
                {lecture.has_video ? t('authoring.step4.replaceVideo') : t('authoring.step4.uploadVideo')}
              </Button>
            )}
          </FileButton>
        ) : null}
        {lecture.video_url ? (
          <Anchor href={lecture.video_url} target="_blank" rel="noopener noreferrer" size="sm" aria-label={t('authoring.step4.actionFor', { action: t('authoring.step4.previewVideo'), title: name })}>
            {t('authoring.step4.previewVideo')}
          </Anchor>
        ) : null}
        {lecture.has_video ? (
          <Button size="xs" variant="subtle" color="red" c="red.9" onClick={props.onUnlink} aria-label={t('authoring.step4.actionFor', { action: t('authoring.step4.unlinkVideo'), title: name })}>
            {t('authoring.step4.unlinkVideo')}
          </Button>
        ) : null}
        <OutlineMoveButtons
          className="outline-push"
          upLabel={t('authoring.step4.lectureUp', { title: name })}
          downLabel={t('authoring.step4.lectureDown', { title: name })}
          deleteLabel={t('authoring.step4.deleteLectureFor', { title: name })}
          canMoveUp={props.canMoveUp}
          canMoveDown={props.canMoveDown}
          onUp={() => props.onMove(-1, 'up')}
          onDown={() => props.onMove(1, 'down')}
          onDelete={props.onDelete}
          deleteTestId="lecture-delete"
        />
      </Group>
      {showProgress ? (
        <Group gap="xs" wrap="nowrap">
          <Progress className="outline-grow" value={progress} aria-label={t('authoring.step4.uploadProgress', { title: name })} />
          <Text size="sm" data-testid={`upload-progress-lecture-${lecture.id}`}>
            {t('authoring.step4.percent', { percent: progress })}
          </Text>
        </Group>
      ) : null}
      {lecture.has_video && lecture.streaming ? <StreamingLine streaming={lecture.streaming} /> : null}
      <LectureContent role={props.role} courseId={props.courseId} lecture={lecture} title={name} onChange={props.onChange} onServerChange={props.onServerChange} />
      {lecture.has_video ? <CaptionsField lecture={lecture} title={name} onAdd={props.onAddCaptions} onRemove={props.onRemoveCaptions} /> : null}
      {props.uploadError ? (
        <Text size="sm" c="red.9" role="alert">
          {props.uploadError}
        </Text>
      ) : null}
      {props.rowError ? (
        <Text size="sm" c="red.9">
          {props.rowError}
        </Text>
      ) : null}
    </li>
  );
}

/** Where the lecture's video stands on its way to streaming (the worker's queue, docs/video.md). */
function StreamingLine({ streaming }: { streaming: NonNullable<DraftLecture['streaming']> }) {
  const { t, i18n } = useTranslation();
  const text =
    streaming.status === 'queued'
      ? t('authoring.step4.streaming.queued')
      : streaming.status === 'processing'
        ? t('authoring.step4.streaming.processing', { percent: streaming.progress })
        : streaming.status === 'ready'
          ? t('authoring.step4.streaming.ready', { qualities: new Intl.ListFormat(i18n.language, { type: 'unit' }).format(streaming.heights.map((h) => `${h}p`)) })
          : t('authoring.step4.streaming.failed', { reason: t(streaming.error ?? 'video.failed.transcode') });
  return (
    <Text size="sm" c={streaming.status === 'failed' ? 'red.9' : 'dimmed'} data-testid="lecture-streaming" data-status={streaming.status} role={streaming.status === 'failed' ? 'alert' : undefined}>
      {text}
    </Text>
  );
}
