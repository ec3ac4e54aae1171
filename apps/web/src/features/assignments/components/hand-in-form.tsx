import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSIGNMENT_LIMITS, textAnswerBody } from '@nibras/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_DIR } from './auto-dir';
import { FormOutcome } from '../../../components/form-outcome';
import { useContractForm } from '../../../lib/forms';
import { failureText } from '../../../lib/http';
import { recordHandIn, submitFile, submitText, type MyAssignmentView } from '../api';
import { acceptList, fileProblem } from '../assignment-model';

/** Handing in again replaces what is there: asked once more before it is sent. */
function ReplaceModal({ opened, onCancel, onConfirm }: { opened: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('assignments.replace.title')} centered closeButtonProps={{ 'aria-label': t('assignments.replace.cancel') }}>
      <Stack>
        <Text>{t('assignments.replace.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('assignments.replace.cancel')}
          </Button>
          <Button onClick={onConfirm} data-testid="assignment-replace-confirm">
            {t('assignments.replace.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TextHandIn({ assignment }: { assignment: MyAssignmentView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const handIn = useContractForm({
    schema: textAnswerBody,
    initialValues: { text: assignment.submission?.text ?? '' },
    networkFailure: 'assignments.handIn.failed',
    send: (body) => submitText(assignment.id, body.text),
    onSuccess: ({ data }) => recordHandIn(queryClient, data),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (assignment.submission && !handIn.form.validate().hasErrors) setConfirming(true);
    else if (!assignment.submission) handIn.onSubmit();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('assignments.handIn.formLabel')} data-testid="assignment-text-form">
      <Stack gap="sm">
        <FormOutcome success={{ text: handIn.success === null ? null : handIn.success || t('assignments.handIn.done'), role: 'status', testId: 'assignment-handed-in' }} failure={{ text: handIn.failure, role: 'alert', color: 'red.9' }} />
        <Textarea
          label={t('assignments.handIn.text')}
          description={t('assignments.handIn.textHint', { max: ASSIGNMENT_LIMITS.text })}
          autosize
          minRows={6}
          maxRows={20}
          maxLength={ASSIGNMENT_LIMITS.text}
          attributes={AUTO_DIR}
          data-testid="assignment-text-input"
          {...handIn.form.getInputProps('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={handIn.pending} data-testid="assignment-submit">
            {t(assignment.submission ? 'assignments.handIn.again' : 'assignments.handIn.submit')}
          </Button>
        </Group>
      </Stack>
      <ReplaceModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          handIn.onSubmit();
        }}
      />
    </form>
  );
}

function FileHandIn({ assignment }: { assignment: MyAssignmentView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const sending = useRef<AbortController | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      setProgress(0);
      sending.current = new AbortController();
      return submitFile(assignment.id, chosen, setProgress, sending.current.signal);
    },
    onSuccess: ({ data }) => {
      setFile(null);
      recordHandIn(queryClient, data);
    },
  });
  const send = () => {
    if (file) upload.mutate(file);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setProblem(t('assignments.file.choose'));
      return;
    }
    const wrong = fileProblem(file, assignment.file_types, assignment.max_size_mb);
    if (wrong) {
      setProblem(t(`assignments.file.${wrong}`, { types: assignment.file_types.join(', '), mb: assignment.max_size_mb }));
      return;
    }
    if (assignment.submission) setConfirming(true);
    else send();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('assignments.handIn.formLabel')} data-testid="assignment-file-form">
      <Stack gap="sm">
        <FormOutcome
          success={{ text: upload.isSuccess ? upload.data.message || t('assignments.handIn.done') : null, role: 'status', testId: 'assignment-handed-in' }}
          failure={{ text: upload.isError ? failureText(upload.error, t('assignments.handIn.failed')) : null, role: 'alert', color: 'red.9' }}
        />
        <FileInput
          label={t('assignments.file.label')}
          description={t('assignments.file.hint', { types: assignment.file_types.join(', '), mb: assignment.max_size_mb })}
          accept={acceptList(assignment.file_types)}
          clearable
          clearButtonProps={{ 'aria-label': t('assignments.file.clear') }}
          value={file}
          onChange={(next) => {
            setFile(next);
            setProblem(null);
            upload.reset();
          }}
          error={problem}
          disabled={upload.isPending}
          data-testid="assignment-file-input"
        />
        {upload.isPending ? (
          <Stack gap={4}>
            <Progress value={progress} aria-label={t('assignments.file.sending')} data-testid="assignment-progress" />
            <Group justify="space-between">
              <Text size="sm" aria-live="polite">
                {t('assignments.file.percent', { percent: progress })}
              </Text>
              <Button size="xs" variant="subtle" onClick={() => sending.current?.abort()}>
                {t('assignments.file.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending} data-testid="assignment-submit">
            {t(assignment.submission ? 'assignments.handIn.again' : 'assignments.handIn.submit')}
          </Button>
        </Group>
      </Stack>
      <ReplaceModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          send();
        }}
      />
    </form>
  );
}

/** The hand-in form of the assignment's kind, or why handing in is closed. */
export function HandInForm({ assignment }: { assignment: MyAssignmentView }) {
  const { t } = useTranslation();
  if (!assignment.can_submit) {
    const reason = assignment.submission ? 'assignments.closed.afterDue' : 'assignments.closed.noLate';
    return (
      <Alert color="gray" title={t('assignments.closed.title')} data-testid="assignment-closed">
        {t(reason)}
      </Alert>
    );
  }
  return assignment.kind === 'text' ? <TextHandIn assignment={assignment} /> : <FileHandIn assignment={assignment} />;
}
