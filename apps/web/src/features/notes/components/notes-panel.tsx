import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTE_MAX_LENGTH, noteTimeText } from '@nibras/contract';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/pager';
import { addNote, exportNotes, noteKeys, noteQueries, type Note } from '../api';
import { NoteItem } from './note-item';
import '../notes.css';

export interface NotesPanelProps {
  courseId: number;
  /** The lecture open in the player: a new note is on it. */
  lecture: { id: number; title: string } | undefined;
  /** The player's video, when the lecture has one: a new note takes its current time, a note's time seeks it. */
  videoRef: RefObject<HTMLVideoElement | null>;
  hasVideo: boolean;
  /** Opens a note's lecture (if another) at its moment (null: where the lecture opens). */
  onJump: (lectureId: number, seconds: number | null) => void;
}

/** The notes of one lecture, in the list's order: consecutive notes share their lecture. */
function byLecture(notes: Note[]) {
  const groups: { lectureId: number; lectureTitle: string; sectionTitle: string; notes: Note[] }[] = [];
  for (const note of notes) {
    const last = groups.at(-1);
    if (last && last.lectureId === note.lectureId) last.notes.push(note);
    else groups.push({ lectureId: note.lectureId, lectureTitle: note.lectureTitle, sectionTitle: note.sectionTitle, notes: [note] });
  }
  return groups;
}

const currentSecond = (video: HTMLVideoElement | null) => (video && Number.isFinite(video.currentTime) ? Math.floor(video.currentTime) : null);

/**
 * The participant's private notes beside the player (docs/notes.md): a note written on the open lecture, at the
 * video's time when the writer begins it; the course's notes grouped by lecture in the outline's order, each time
 * a button that plays from there; edit, delete (asked first), and the exports.
 */
export function NotesPanel({ courseId, lecture, videoRef, hasVideo, onJump }: NotesPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const notes = useQuery({ ...noteQueries.course(courseId, page), placeholderData: keepPreviousData });
  const groups = useMemo(() => byLecture(notes.data?.items ?? []), [notes.data]);
  // The last note of the last page deleted: the page before it.
  const emptyPage = !!notes.data && notes.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage((p) => Math.max(1, p - 1));
  }, [emptyPage]);
  const [text, setText] = useState('');
  // The video's second when the writer began the note (focus on an empty box), and whether the note keeps it.
  const [moment, setMoment] = useState<{ lectureId: number; seconds: number } | null>(null);
  const [tied, setTied] = useState(true);
  const [said, setSaid] = useState<string | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const [exporting, setExporting] = useState<'markdown' | 'pdf' | null>(null);
  const refreshed = () => queryClient.invalidateQueries({ queryKey: noteKeys.course(courseId) });

  const at = lecture && hasVideo && moment && moment.lectureId === lecture.id ? moment.seconds : null;
  const takeMoment = () => {
    const seconds = currentSecond(videoRef.current);
    setMoment(lecture && seconds !== null ? { lectureId: lecture.id, seconds } : null);
  };
  const add = useMutation({
    mutationFn: (body: string) => addNote(courseId, { lecture_id: lecture!.id, body, ...(tied && at !== null ? { position_seconds: at } : {}) }),
    onSuccess: (result) => {
      setText('');
      setMoment(null);
      setSaid(result.message);
      void refreshed();
    },
  });
  const fieldErrors = add.error instanceof ApiError ? add.error.fieldErrors : {};
  const fieldError = fieldErrors.body ?? fieldErrors.position_seconds ?? fieldErrors.lecture_id ?? null;
  const otherError = add.error && !fieldError ? failureText(add.error, t('notes.form.failed')) : null;
  const tooLong = text.length > NOTE_MAX_LENGTH;
  const submit = () => {
    if (!lecture || !text.trim() || tooLong || add.isPending) return;
    setSaid(null);
    add.mutate(text);
  };

  const download = async (format: 'markdown' | 'pdf') => {
    setExporting(format);
    setExportFailed(false);
    try {
      saveFile(await exportNotes(courseId, format), `nibras-notes-course-${courseId}.${format === 'pdf' ? 'pdf' : 'md'}`);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="notes-title" data-testid="notes-panel">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="notes-title">
            {t('notes.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('notes.private')}
          </Text>
        </div>
        {lecture ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            data-testid="note-form"
          >
            <Stack gap="xs">
              <Textarea
                // The title isolated, so a title in the other script keeps the label's quotes in place.
                label={t('notes.form.label', { lecture: `\u2068${lecture.title}\u2069` })}
                placeholder={t('notes.form.placeholder')}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                onFocus={() => {
                  if (!text.trim()) takeMoment();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.preventDefault();
                    submit();
                  }
                }}
                autosize
                minRows={2}
                maxRows={8}
                dir="auto"
                error={fieldError ?? (tooLong ? t('api.validation.too_long', { count: NOTE_MAX_LENGTH }) : undefined)}
                data-testid="note-text"
              />
              {at !== null ? (
                <Group gap="xs" wrap="wrap">
                  <Checkbox checked={tied} onChange={(event) => setTied(event.currentTarget.checked)} label={t('notes.form.tieToTime', { time: noteTimeText(at) })} data-testid="note-tie" />
                  <Button type="button" variant="subtle" size="compact-sm" onClick={takeMoment} data-testid="note-retime">
                    {t('notes.form.refreshTime')}
                  </Button>
                </Group>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" loading={add.isPending} disabled={!text.trim() || tooLong} data-testid="note-add">
                  {t('notes.form.add')}
                </Button>
              </Group>
              {otherError ? (
                <Text size="sm" c="red.9" role="alert">
                  {otherError}
                </Text>
              ) : null}
            </Stack>
          </form>
        ) : (
          <Text size="sm">{t('notes.noLecture')}</Text>
        )}
        <div role="status" aria-live="polite" className="visually-hidden" data-live-region data-testid="notes-said">
          {said}
        </div>
        {notes.isPending ? (
          <Text size="sm" c="dimmed" data-testid="notes-loading">
            {t('common.loading')}
          </Text>
        ) : notes.isError ? (
          <Alert color="red" title={t('notes.loadFailed')} data-testid="notes-error">
            <Button size="xs" variant="light" color="red.9" onClick={() => void notes.refetch()} loading={notes.isFetching}>
              {t('notes.retry')}
            </Button>
          </Alert>
        ) : notes.data.total === 0 ? (
          <EmptyState title={t('notes.emptyTitle')} description={t('notes.emptyText')} headingLevel={3} />
        ) : (
          <>
            <Stack gap="md" data-testid="notes-list">
              {groups.map((group) => (
                <div key={`${group.lectureId}-${group.notes[0]!.id}`} className="notes-group">
                  <Text size="xs" c="dimmed" dir="auto">
                    {group.sectionTitle}
                  </Text>
                  <Title order={3} size="h6" dir="auto">
                    {group.lectureTitle}
                  </Title>
                  <ul className="notes-list">
                    {group.notes.map((note) => (
                      <NoteItem key={note.id} note={note} onJump={onJump} onChanged={(message) => {
                        setSaid(message);
                        void refreshed();
                      }} />
                    ))}
                  </ul>
                </div>
              ))}
            </Stack>
            <ListPager page={page} perPage={notes.data.perPage} total={notes.data.total} onChange={setPage} />
          </>
        )}
        <Group gap="xs">
          <Button variant="default" size="xs" loading={exporting === 'markdown'} onClick={() => void download('markdown')} data-testid="notes-export-markdown">
            {t('notes.exportMarkdown')}
          </Button>
          <Button variant="default" size="xs" loading={exporting === 'pdf'} onClick={() => void download('pdf')} data-testid="notes-export-pdf">
            {t('notes.exportPdf')}
          </Button>
        </Group>
        {exportFailed ? (
          <Text size="sm" c="red.9" role="alert">
            {t('notes.exportFailed')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
