import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { step4Body } from '@nibras/contract';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authoringQueries, callAuthoring, uploadLectureVideo } from '../../api';
import { ApiError, failureText as failureOf } from '../../../../lib/http';
import { languageName } from '../../../../lib/language-name';
import { useContractForm } from '../../../../lib/forms';
import { LoadingDots } from '../../../../components/loading-dots';
import { authoringStore } from '../authoring-store';
import { moveBetween, moveItem, stepPlace } from '../reorder';
import type { StepProps } from '../step-props';
import { OutlineConfirmModal, type ConfirmRequest } from './outline-confirm-modal';
import { OutlineLectureRow, type MoveControl } from './outline-lecture-row';
import { mergeOutline, newLecture, newSection, outlineBody, outlineFieldErrors, outlineFromServer, outlineSignature, type DraftLecture, type DraftSection, type OutlineAnswer } from './outline-model';
import { OutlineSectionCard } from './outline-section-card';
import { SectionReleaseField } from './section-release-field';
import './steps45.css';

type Dragged = { kind: 'section' | 'lecture'; key: string };
type Control = MoveControl;

const STREAMING_POLL_MS = 5000;

/**
 * Step 4, sections and lectures. The outline is edited locally and saved as a whole ("Save outline");
 * deletes, uploads and unlinks go to the server at once and their answer is merged into the form
 * (mergeOutline), so unsaved titles, switches and order survive them. New lectures get a video after
 * the outline is saved, because an upload needs the lecture's id.
 */
export function Step4Outline({ role, courseId, onSaved, onDirtyChange }: StepProps) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    ...authoringQueries.step(role, 4, courseId),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [server, setServer] = useState<OutlineAnswer | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [uploading, setUploading] = useState<Record<number, boolean>>({});
  const [uploadErrors, setUploadErrors] = useState<Record<number, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ key: string; control: Control } | null>(null);

  // Successes are announced by the editor shell (onSaved); failures stay next to the outline.
  const outline = useContractForm({
    schema: step4Body,
    initialValues: { sections: [] as DraftSection[] },
    toBody: (values) => outlineBody(courseId, values.sections),
    mapErrors: (values, errors) => outlineFieldErrors(values.sections, errors),
    invalidMessage: 'api.validation.failed',
    networkFailure: 'authoring.step4.failed',
    send: (body) => callAuthoring(role, 'step4', { body }),
    onSuccess: ({ data, message }) => {
      apply(data, 'replace');
      onSaved(data.state, message);
      onDirtyChange(false);
    },
    onFailure: (error) => {
      // Someone changed the outline elsewhere: take their items in so the next save lists them all.
      if (error instanceof ApiError && error.status === 409) {
        void query.refetch().then((fresh) => fresh.data && apply(fresh.data, 'merge'));
      }
    },
  });
  const { form } = outline;
  const draft = form.values.sections;
  const errors = form.errors as Record<string, string>;
  const setDraft = (next: DraftSection[] | ((current: DraftSection[]) => DraftSection[])) => form.setFieldValue('sections', next);

  // Deletes and unlinks, asked for first and sent at once; their answer is merged into the form.
  const action = useMutation({
    mutationFn: (run: () => Promise<{ data: OutlineAnswer; message: string }>) => run(),
    onSuccess: (response) => afterServerChange(response),
    onSettled: () => setConfirm(null),
  });
  const failureText = outline.failure ?? (action.error ? failureOf(action.error, t('authoring.step4.failed')) : null);
  const dismissFailure = () => {
    outline.resetOutcome();
    action.reset();
  };

  const apply = (data: OutlineAnswer, mode: 'replace' | 'merge') => {
    authoringStore.setStep(4, data);
    setServer(data);
    if (mode === 'merge') {
      setDraft((current) => mergeOutline(current, data));
      return;
    }
    form.setValues({ sections: outlineFromServer(data) });
    form.clearErrors();
  };

  useEffect(() => {
    if (query.data && server === null) apply(query.data, 'replace');
    // Only the first answer fills the form; later answers arrive through apply().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  // While a video is being prepared for streaming, its state is read again every few seconds and merged in.
  const preparing = server?.sections.some((s) => s.lectures.some((l) => l.streaming?.status === 'queued' || l.streaming?.status === 'processing')) ?? false;
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => void query.refetch().then((fresh) => fresh.data && apply(fresh.data, 'merge')), STREAMING_POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preparing]);

  const dirty = server !== null && outlineSignature(draft) !== outlineSignature(outlineFromServer(server));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || !listRef.current) return;
    pendingFocus.current = null;
    const row = listRef.current.querySelector(`[data-row="${target.key}"]`);
    const wanted = row?.querySelector<HTMLElement>(`[data-control="${target.control}"]`);
    const focusable = wanted && !(wanted as HTMLButtonElement).disabled ? wanted : row?.querySelector<HTMLElement>('[data-control="handle"]');
    focusable?.focus();
  }, [draft]);

  const updateSection = (key: string, patch: Partial<DraftSection>) => setDraft((current) => current.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const updateLecture = (key: string, patch: Partial<DraftLecture>) =>
    setDraft((current) => current.map((s) => ({ ...s, lectures: s.lectures.map((l) => (l.key === key ? { ...l, ...patch } : l)) })));

  const sectionName = (section: DraftSection) => section.title.trim() || t('authoring.step4.untitledSection');
  const lectureName = (lecture: DraftLecture) => lecture.title.trim() || t('authoring.step4.untitledLecture');

  const moveSectionTo = (from: number, to: number, control: Control) => {
    const moved = moveItem(draft, from, to) as DraftSection[];
    if (moved === draft) return;
    const section = draft[from] as DraftSection;
    const position = moved.indexOf(section) + 1;
    pendingFocus.current = { key: section.key, control };
    setDraft(moved);
    setAnnouncement(t('authoring.step4.sectionMoved', { title: sectionName(section), position, total: moved.length }));
  };

  const moveLectureTo = (from: { list: number; index: number }, to: { list: number; index: number }, control: Control) => {
    const lists = moveBetween(
      draft.map((s) => s.lectures),
      from,
      to,
    );
    if (lists === draft.map((s) => s.lectures) || lists.every((list, i) => list === draft[i]?.lectures)) return;
    const lecture = draft[from.list]?.lectures[from.index] as DraftLecture;
    const next = draft.map((s, i) => ({ ...s, lectures: lists[i] as DraftLecture[] }));
    const target = next.find((s) => s.lectures.includes(lecture)) as DraftSection;
    pendingFocus.current = { key: lecture.key, control };
    setDraft(next);
    setAnnouncement(
      t('authoring.step4.lectureMoved', { title: lectureName(lecture), position: target.lectures.indexOf(lecture) + 1, total: target.lectures.length, section: sectionName(target) }),
    );
  };

  const stepLecture = (sectionIndex: number, lectureIndex: number, direction: -1 | 1, control: Control) => {
    const to = stepPlace(
      draft.map((s) => s.lectures.length),
      { list: sectionIndex, index: lectureIndex },
      direction,
    );
    if (to) moveLectureTo({ list: sectionIndex, index: lectureIndex }, to, control);
  };

  const startDrag = (item: Dragged) => (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', item.key);
    setDragged(item);
  };
  const allowDrop = (kinds: Dragged['kind'][]) => (event: DragEvent) => {
    if (!dragged || !kinds.includes(dragged.kind)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
  };
  const lecturePlace = (key: string) => {
    for (const [list, section] of draft.entries()) {
      const index = section.lectures.findIndex((l) => l.key === key);
      if (index >= 0) return { list, index };
    }
    return null;
  };
  const dropOnSection = (sectionIndex: number) => (event: DragEvent) => {
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    if (dragged.kind === 'section') {
      const from = draft.findIndex((s) => s.key === dragged.key);
      if (from >= 0) moveSectionTo(from, sectionIndex, 'handle');
    } else {
      const from = lecturePlace(dragged.key);
      const length = draft[sectionIndex]?.lectures.length ?? 0;
      if (from) moveLectureTo(from, { list: sectionIndex, index: from.list === sectionIndex ? length - 1 : length }, 'handle');
    }
    setDragged(null);
  };
  const dropOnLecture = (sectionIndex: number, lectureIndex: number) => (event: DragEvent) => {
    if (!dragged || dragged.kind !== 'lecture') return;
    event.preventDefault();
    event.stopPropagation();
    const from = lecturePlace(dragged.key);
    if (from) moveLectureTo(from, { list: sectionIndex, index: lectureIndex }, 'handle');
    setDragged(null);
  };

  const addSection = () => {
    const section = newSection();
    pendingFocus.current = null;
    setDraft((current) => [...current, section]);
  };
  const addLecture = (sectionKey: string) => setDraft((current) => current.map((s) => (s.key === sectionKey ? { ...s, lectures: [...s.lectures, newLecture()] } : s)));

  const save = () => {
    action.reset();
    outline.onSubmit();
  };

  const afterServerChange = (response: { data: OutlineAnswer; message: string }) => {
    apply(response.data, 'merge');
    onSaved(response.data.state, response.message);
  };

  const runConfirmed = (run: () => Promise<{ data: OutlineAnswer; message: string }>) => () => {
    outline.resetOutcome();
    action.mutate(run);
  };

  const askDeleteSection = (section: DraftSection) =>
    setConfirm({
      title: t('authoring.step4.deleteSectionTitle'),
      text: t('authoring.step4.deleteSectionText', { title: sectionName(section), count: section.lectures.length }),
      confirmLabel: t('authoring.step4.delete'),
      run:
        section.id === undefined
          ? () => {
              setDraft((current) => current.filter((s) => s.key !== section.key));
              setConfirm(null);
            }
          : runConfirmed(() => callAuthoring(role, 'deleteSection', { params: { courseId, sectionId: section.id as number } })),
    });

  const askDeleteLecture = (lecture: DraftLecture) =>
    setConfirm({
      title: t('authoring.step4.deleteLectureTitle'),
      text: t('authoring.step4.deleteLectureText', { title: lectureName(lecture) }),
      confirmLabel: t('authoring.step4.delete'),
      run:
        lecture.id === undefined
          ? () => {
              setDraft((current) => current.map((s) => ({ ...s, lectures: s.lectures.filter((l) => l.key !== lecture.key) })));
              setConfirm(null);
            }
          : runConfirmed(() => callAuthoring(role, 'deleteLecture', { params: { courseId, lectureId: lecture.id as number } })),
    });

  const askUnlink = (lecture: DraftLecture) =>
    setConfirm({
      title: t('authoring.step4.unlinkTitle'),
      text: t('authoring.step4.unlinkText', { title: lectureName(lecture) }),
      confirmLabel: t('authoring.step4.unlinkVideo'),
      run: runConfirmed(() => callAuthoring(role, 'step4Unlink', { body: { id: courseId, lecture_id: lecture.id as number } })),
    });

  const upload = async (lectureId: number, file: File) => {
    setUploading((current) => ({ ...current, [lectureId]: true }));
    setUploadErrors((current) => ({ ...current, [lectureId]: '' }));
    authoringStore.setProgress(`lecture:${lectureId}`, 0);
    try {
      afterServerChange(await uploadLectureVideo(role, courseId, lectureId, file, (percent) => authoringStore.setProgress(`lecture:${lectureId}`, percent)));
      authoringStore.finishProgress(`lecture:${lectureId}`);
    } catch (error) {
      authoringStore.clearProgress(`lecture:${lectureId}`);
      setUploadErrors((current) => ({ ...current, [lectureId]: error instanceof ApiError && !error.network ? (error.fieldErrors.file ?? error.message) : t('authoring.step4.failed') }));
    } finally {
      setUploading((current) => ({ ...current, [lectureId]: false }));
    }
  };

  const addCaptions = async (lectureId: number, lang: string, file: File) => {
    setUploadErrors((current) => ({ ...current, [lectureId]: '' }));
    try {
      const text = await file.text();
      afterServerChange(await callAuthoring(role, 'step4Captions', { body: { id: courseId, lecture_id: lectureId, lang, text } }));
    } catch (error) {
      setUploadErrors((current) => ({ ...current, [lectureId]: error instanceof ApiError && !error.network ? (error.fieldErrors.text ?? error.fieldErrors.lang ?? error.message) : t('authoring.step4.failed') }));
    }
  };

  const askRemoveCaptions = (lecture: DraftLecture, lang: string) =>
    setConfirm({
      title: t('authoring.step4.captions.removeTitle'),
      text: t('authoring.step4.captions.removeText', { language: languageName(lang, i18n.language), title: lectureName(lecture) }),
      confirmLabel: t('authoring.step4.captions.remove'),
      run: runConfirmed(() => callAuthoring(role, 'deleteCaptions', { params: { courseId, lectureId: lecture.id as number, lang } })),
    });

  if (query.isError && !server) {
    return (
      <Alert color="red" role="alert">
        {t('authoring.step4.loadFailed')}
      </Alert>
    );
  }
  if (!server) return <LoadingDots />;

  let lectureNumber = 0;
  return (
    <Stack gap="md" data-testid="step4-outline">
      <Text size="sm" c="dimmed">
        {t('authoring.step4.intro')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('authoring.step4.keyboardHint')}
      </Text>
      {failureText ? (
        <Alert color="red" role="alert" data-testid="step4-failure" withCloseButton closeButtonLabel={t('authoring.step4.dismiss')} onClose={dismissFailure}>
          {failureText}
        </Alert>
      ) : null}
      {errors.form ? (
        <Text c="red.9" size="sm">
          {errors.form}
        </Text>
      ) : null}
      {draft.length === 0 ? (
        <Text c="dimmed" data-testid="step4-empty">
          {t('authoring.step4.empty')}
        </Text>
      ) : null}
      <ol className="outline-list outline-list--sections" ref={listRef} aria-label={t('authoring.step4.sections')}>
        {draft.map((section, sectionIndex) => (
          <OutlineSectionCard
            key={section.key}
            section={section}
            number={sectionIndex + 1}
            canMoveUp={sectionIndex > 0}
            canMoveDown={sectionIndex < draft.length - 1}
            titleError={errors[`${section.key}.title`]}
            rowError={errors[section.key]}
            dragging={dragged?.key === section.key}
            onTitle={(title) => updateSection(section.key, { title })}
            onMove={(direction, control) => moveSectionTo(sectionIndex, sectionIndex + direction, control)}
            onDelete={() => askDeleteSection(section)}
            onAddLecture={() => addLecture(section.key)}
            onDragStart={startDrag({ kind: 'section', key: section.key })}
            onDragEnd={() => setDragged(null)}
            onDragOver={allowDrop(['section', 'lecture'])}
            onDrop={dropOnSection(sectionIndex)}
            release={
              <SectionReleaseField
                name={sectionName(section)}
                release={section.release}
                dateError={errors[`${section.key}.opens_at`]}
                daysError={errors[`${section.key}.opens_after_days`]}
                onChange={(release) => updateSection(section.key, { release })}
              />
            }
          >
            {section.lectures.map((lecture, lectureIndex) => {
              lectureNumber += 1;
              const lengths = draft.map((s) => s.lectures.length);
              return (
                <OutlineLectureRow
                  key={lecture.key}
                  lecture={lecture}
                  number={lectureNumber}
                  canMoveUp={stepPlace(lengths, { list: sectionIndex, index: lectureIndex }, -1) !== null}
                  canMoveDown={stepPlace(lengths, { list: sectionIndex, index: lectureIndex }, 1) !== null}
                  titleError={errors[`${lecture.key}.title`]}
                  rowError={errors[lecture.key]}
                  uploading={lecture.id !== undefined && !!uploading[lecture.id]}
                  uploadError={lecture.id !== undefined ? uploadErrors[lecture.id] || undefined : undefined}
                  dragging={dragged?.key === lecture.key}
                  onChange={(patch) => updateLecture(lecture.key, patch)}
                  role={role}
                  courseId={courseId}
                  onServerChange={afterServerChange}
                  onMove={(direction, control) => stepLecture(sectionIndex, lectureIndex, direction, control)}
                  onDelete={() => askDeleteLecture(lecture)}
                  onUpload={(file) => lecture.id !== undefined && void upload(lecture.id, file)}
                  onUnlink={() => askUnlink(lecture)}
                  onAddCaptions={(lang, file) => lecture.id !== undefined && void addCaptions(lecture.id, lang, file)}
                  onRemoveCaptions={(lang) => askRemoveCaptions(lecture, lang)}
                  onDragStart={startDrag({ kind: 'lecture', key: lecture.key })}
                  onDragEnd={() => setDragged(null)}
                  onDragOver={allowDrop(['lecture'])}
                  onDrop={dropOnLecture(sectionIndex, lectureIndex)}
                />
              );
            })}
          </OutlineSectionCard>
        ))}
      </ol>
      <div className="visually-hidden" aria-live="polite" data-testid="step4-announcer">
        {announcement}
      </div>
      <Group justify="space-between" className="outline-actions">
        <Button variant="light" onClick={addSection} data-testid="add-section">
          {t('authoring.step4.addSection')}
        </Button>
        <Group gap="xs">
          {dirty ? (
            <Text size="sm" c="dimmed" data-testid="step4-unsaved">
              {t('authoring.step4.unsaved')}
            </Text>
          ) : null}
          <Button onClick={save} loading={outline.pending} data-testid="save-outline">
            {t('authoring.step4.save')}
          </Button>
        </Group>
      </Group>
      <OutlineConfirmModal request={confirm} busy={action.isPending} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
