import { Button, Group, NumberInput, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { AUTHORING_LIMITS } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import type { DraftAssessment, DraftOption, DraftQuestion } from './assessment-model';
import { AssessmentDraws, type DrawTopic } from './assessment-draws';
import { QuestionListEditor } from './question-list-editor';

export interface AssessmentFormProps {
  draft: DraftAssessment;
  /** The course's question bank, to draw random questions from. */
  topics: readonly DrawTopic[];
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  onChange: (draft: DraftAssessment) => void;
  onSave: () => void;
  onCancel: () => void;
  onDeleteQuestion: (question: DraftQuestion) => void;
  onDeleteOption: (question: DraftQuestion, option: DraftOption) => void;
}

/** One assessment being written: its settings, its questions in order and its random questions from the bank. */
export function AssessmentForm({ draft, topics, errors, saving, onChange, ...props }: AssessmentFormProps) {
  const { t } = useTranslation();
  const change = (patch: Partial<DraftAssessment>) => onChange({ ...draft, ...patch });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="assessment-form-title" data-testid="assessment-form">
      <Stack gap="md">
        <Title order={3} size="h4" id="assessment-form-title">
          {draft.id ? t('authoring.step5.editTitle') : t('authoring.step5.newTitle')}
        </Title>
        <TextInput
          label={t('authoring.step5.titleLabel')}
          value={draft.title}
          onChange={(event) => change({ title: event.currentTarget.value })}
          error={errors.title}
          maxLength={200}
          required
          dir="auto"
          data-testid="assessment-title"
        />
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} className="assessment-settings">
          <NumberInput
            label={t('authoring.step5.passMark')}
            value={draft.pass_mark}
            min={0}
            max={100}
            allowDecimal={false}
            suffix=" %"
            onChange={(value) => change({ pass_mark: value })}
            error={errors.pass_mark}
            data-testid="assessment-pass-mark"
          />
          <NumberInput
            label={t('authoring.step5.timeLimit')}
            description={t('authoring.step5.optional')}
            value={draft.time_limit_minutes}
            min={1}
            max={1440}
            allowDecimal={false}
            onChange={(value) => change({ time_limit_minutes: value })}
            error={errors.time_limit_minutes}
          />
          <NumberInput
            label={t('authoring.step5.maxAttempts')}
            description={t('authoring.step5.optional')}
            value={draft.max_attempts}
            min={1}
            max={100}
            allowDecimal={false}
            onChange={(value) => change({ max_attempts: value })}
            error={errors.max_attempts}
          />
        </Group>
        <Switch
          label={t('authoring.step5.shuffle')}
          description={t('authoring.step5.shuffleHint')}
          checked={draft.shuffle}
          onChange={(event) => change({ shuffle: event.currentTarget.checked })}
          data-testid="assessment-shuffle"
        />
        <QuestionListEditor
          questions={draft.questions}
          errors={errors}
          max={AUTHORING_LIMITS.assessmentQuestions}
          emptyText={t('authoring.step5.noQuestions')}
          onChange={(questions) => change({ questions })}
          onDeleteQuestion={props.onDeleteQuestion}
          onDeleteOption={props.onDeleteOption}
        />
        <AssessmentDraws draws={draft.draws} topics={topics} errors={errors} onChange={(draws) => change({ draws })} />
        {errors.form ? (
          <Text size="sm" c="red.9" data-testid="assessment-form-error">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            {t('authoring.step5.close')}
          </Button>
          <Button onClick={props.onSave} loading={saving} data-testid="save-assessment">
            {t('authoring.step5.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
