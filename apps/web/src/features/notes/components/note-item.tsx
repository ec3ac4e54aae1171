import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { NOTE_MAX_LENGTH, noteTimeText } from '@nibras/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../../lib/http';
import { deleteNote, editNote, type Note } from '../api';

/**
 * One note: its time (a button that plays the lecture from there; "whole lecture" opens it), its text, and
 * edit in place (Escape cancels) and delete, asked first. Focus goes back to the note's edit button after either.
 */
export function NoteItem({ note, onJump, onChanged }: { note: Note; onJump: (lectureId: number, seconds: number | null) => void; onChanged: (message: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.body);
  const [confirming, setConfirming] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) editBox.current?.focus();
  }, [editing]);
  const backToEdit = () => requestAnimationFrame(() => editButton.current?.focus());

  const save = useMutation({
    mutationFn: (body: string) => editNote(note.id, { body }),
    onSuccess: (result) => {
      setEditing(false);
      onChanged(result.message);
      backToEdit();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteNote(note.id),
    onSuccess: (result) => {
      setConfirming(false);
      onChanged(result.message);
    },
  });
  const saveError = save.error instanceof ApiError ? (save.error.fieldErrors.body ?? failureText(save.error, t('notes.form.failed'))) : save.error ? t('notes.form.failed') : null;
  const tooLong = draft.length > NOTE_MAX_LENGTH;
  const cancel = () => {
    setEditing(false);
    setDraft(note.body);
    save.reset();
    backToEdit();
  };
  const time = note.positionSeconds === null ? null : noteTimeText(note.positionSeconds);

  return (
    <li className="notes-item" data-testid={`note-${note.id}`}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {time !== null ? (
          <Button
            variant="light"
            size="compact-sm"
            className="notes-item__time"
            aria-label={t('notes.jump', { time })}
            onClick={() => onJump(note.lectureId, note.positionSeconds)}
            data-testid="note-jump"
          >
            <bdi>{time}</bdi>
          </Button>
        ) : (
          <Button variant="subtle" size="compact-sm" className="notes-item__time" onClick={() => onJump(note.lectureId, null)} data-testid="note-open">
            {t('notes.wholeLecture')}
          </Button>
        )}
        <div className="notes-item__body">
          {editing ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (draft.trim() && !tooLong && !save.isPending) save.mutate(draft);
              }}
            >
              <Stack gap="xs">
                <Textarea
                  label={t('notes.editLabel')}
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') {
                      event.preventDefault();
                      cancel();
                    }
                  }}
                  autosize
                  minRows={2}
                  maxRows={8}
                  dir="auto"
                  ref={editBox}
                  error={saveError ?? (tooLong ? t('api.validation.too_long', { count: NOTE_MAX_LENGTH }) : undefined)}
                  data-testid="note-edit-text"
                />
                <Group gap="xs">
                  <Button type="submit" size="xs" loading={save.isPending} disabled={!draft.trim() || tooLong} data-testid="note-save">
                    {t('notes.save')}
                  </Button>
                  <Button type="button" size="xs" variant="default" onClick={cancel}>
                    {t('notes.cancel')}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Text size="sm" className="notes-item__text" dir="auto">
              {note.body}
            </Text>
          )}
          {!editing ? (
            <Group gap={4} mt={4}>
              <Button ref={editButton} variant="subtle" size="compact-xs" onClick={() => setEditing(true)} data-testid="note-edit">
                {t('notes.edit')}
              </Button>
              <Button variant="subtle" color="red" c="red.9" size="compact-xs" onClick={() => setConfirming(true)} data-testid="note-delete">
                {t('notes.delete')}
              </Button>
            </Group>
          ) : null}
        </div>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('notes.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('notes.cancel') }}>
        <Stack>
          <Text size="sm">{t('notes.deleteText')}</Text>
          <Text size="sm" c="dimmed" dir="auto" lineClamp={3} className="notes-item__text">
            {note.body}
          </Text>
          {remove.error ? (
            <Text size="sm" c="red.9" role="alert">
              {failureText(remove.error, t('notes.deleteFailed'))}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('notes.cancel')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="note-delete-confirm">
              {t('notes.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </li>
  );
}
