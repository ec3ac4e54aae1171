import { Alert, Anchor, Button, FileButton, Group, NativeSelect, Progress, Stack, Switch, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/http';
import { RichTextField } from '../../../cms/public';
import { callAuthoring, uploadLectureDocument, type AuthoringRole } from '../../api';
import type { DraftLecture, LectureType, OutlineAnswer } from './outline-model';

/** What each resource may be (the server decides by the bytes: lib/sniff.ts); the picker only narrows the choice. */
const RESOURCE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.zip,.docx,.xlsx,.pptx,.doc,.xls,.ppt,.odt,.ods,.odp,.epub,.txt,.md,.csv,.mp3,.m4a,.ogg,.wav,.mp4,.webm';

interface Props {
  role: AuthoringRole;
  courseId: number;
  lecture: DraftLecture;
  title: string;
  onChange: (patch: Partial<DraftLecture>) => void;
  onServerChange: (response: { data: OutlineAnswer; message: string }) => void;
}

/** A lecture's type, saved with the outline (the other controls of step 4 stay for videos). */
export function LectureTypePicker({ lecture, title, onChange }: Pick<Props, 'lecture' | 'title' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      label={t('authoring.lectureType.label', { title })}
      value={lecture.type}
      onChange={(event) => onChange({ type: event.currentTarget.value as LectureType })}
      data={(['video', 'article', 'pdf'] as const).map((value) => ({ value, label: t(`authoring.lectureType.${value}`) }))}
      data-testid="lecture-type"
    />
  );
}

/** An article's editor, a PDF's upload with its download switch, and every saved lecture's resources (docs/authoring.md). */
export function LectureContent({ role, courseId, lecture, title, onChange, onServerChange }: Props) {
  const { t } = useTranslation();
  const [article, setArticle] = useState(lecture.article_html);
  const [busy, setBusy] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [confirmRemove, setConfirmRemove] = useState<number | null>(null);
  if (lecture.id === undefined) return null;
  const id = lecture.id;

  const run = async (what: string, call: () => Promise<{ data: OutlineAnswer; message: string }>) => {
    setBusy(what);
    setError('');
    try {
      onServerChange(await call());
    } catch (e) {
      setError(e instanceof ApiError && !e.network ? (e.fieldErrors.file ?? e.fieldErrors.html ?? e.message) : t('authoring.step4.failed'));
    } finally {
      setBusy(null);
      setPercent(null);
    }
  };
  const upload = (target: 'pdf' | 'resource', file: File) => run(target, () => uploadLectureDocument(role, courseId, id, target, file, setPercent));

  return (
    <Stack gap="xs" className="lecture-content" data-testid="lecture-content">
      {lecture.type === 'article' ? (
        <>
          <Suspense fallback={null}>
            <RichTextField label={t('authoring.article.label', { title })} lang={document.documentElement.lang === 'en' ? 'en' : 'ar'} value={article} onChange={setArticle} testId="article-editor" />
          </Suspense>
          <Group gap="xs">
            <Button size="xs" loading={busy === 'article'} onClick={() => void run('article', () => callAuthoring(role, 'step4Article', { body: { id: courseId, lecture_id: id, html: article } }))}>
              {t('authoring.article.save')}
            </Button>
            {lecture.article_html === '' ? <Text size="sm" c="red.9">{t('authoring.article.empty')}</Text> : null}
          </Group>
        </>
      ) : null}
      {lecture.type === 'pdf' ? (
        <Group gap="xs">
          <FileButton onChange={(file) => file && void upload('pdf', file)} accept="application/pdf,.pdf">
            {(buttonProps) => (
              <Button {...buttonProps} size="xs" variant="default" loading={busy === 'pdf'}>
                {lecture.pdf_url ? t('authoring.pdf.replace') : t('authoring.pdf.upload')}
              </Button>
            )}
          </FileButton>
          {lecture.pdf_url ? (
            <Anchor href={lecture.pdf_url} target="_blank" rel="noopener noreferrer" size="sm">
              {t('authoring.pdf.preview')}
            </Anchor>
          ) : (
            <Text size="sm" c="red.9">{t('authoring.pdf.missing')}</Text>
          )}
          <Switch label={t('authoring.pdf.downloadable')} checked={lecture.pdf_downloadable} onChange={(event) => onChange({ pdf_downloadable: event.currentTarget.checked })} />
        </Group>
      ) : null}
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('authoring.resources.title')}
        </Text>
        {lecture.resources.map((r) => (
          <Group key={r.id} gap="xs" wrap="nowrap">
            <Anchor href={r.url} size="sm" dir="auto" className="lecture-content__name">
              {r.name}
            </Anchor>
            {confirmRemove === r.id ? (
              <>
                <Button size="compact-xs" color="red" onClick={() => void run('remove', () => callAuthoring(role, 'deleteResource', { params: { courseId, resourceId: r.id } }))}>
                  {t('authoring.resources.confirmRemove')}
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setConfirmRemove(null)}>
                  {t('authoring.resources.keep')}
                </Button>
              </>
            ) : (
              <Button size="compact-xs" variant="subtle" color="red" c="red.9" onClick={() => setConfirmRemove(r.id)} aria-label={t('authoring.resources.removeNamed', { name: r.name })}>
                {t('authoring.resources.remove')}
              </Button>
            )}
          </Group>
        ))}
        <FileButton onChange={(file) => file && void upload('resource', file)} accept={RESOURCE_ACCEPT}>
          {(buttonProps) => (
            <Button {...buttonProps} size="xs" variant="default" loading={busy === 'resource'} style={{ alignSelf: 'flex-start' }}>
              {t('authoring.resources.add')}
            </Button>
          )}
        </FileButton>
      </Stack>
      {percent !== null ? <Progress value={percent} size="sm" aria-label={t('authoring.resources.progress')} /> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
