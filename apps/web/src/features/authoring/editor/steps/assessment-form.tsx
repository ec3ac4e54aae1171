import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { AUTHORING_LIMITS, QUESTION_TYPES, type QuestionType } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../reorder';
import { changeQuestionType, newQuestion, type DraftAssessment, type DraftOption, type DraftQuestion } from './assessment-model';
import { AssessmentQuestionEditor } from './assessment-question-editor';

export interface AssessmentFormProps {
  draft: DraftAssessment;
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  onChange: (draft: DraftAssessment) => void;
  onSave: () => void;
  onCancel: () => void;
  onDeleteQuestion: (question: DraftQuestion) => void;
  onDeleteOption: (question: DraftQuestion, option: DraftOption) => void;
}

/** One assessment being written: its settings and its questions in order. */
export function AssessmentForm({ draft, errors, saving, onChange, ...props }: AssessmentFormProps) {
  const { t } = useTranslation();
  const [newType, setNewType] = useState<QuestionType>('single');
  const trueFalse: [string, string] = [t('authoring.step5.true'), t('authoring.step5.false')];
  const change = (patch: Partial<DraftAssessment>) => onChange({ ...draft, ...patch });
  const setQuestion = (key: string, question: DraftQuestion) => change({ questions: draft.questions.map((q) => (q.key === key ? question : q)) });
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
        <Title order={4} size="h5">
          {t('authoring.step5.questions')}
        </Title>
        {draft.questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('authoring.step5.noQuestions')}
          </Text>
        ) : null}
        <ol className="outline-list" aria-label={t('authoring.step5.questions')}>
          {draft.questions.map((question, index) => (
            <AssessmentQuestionEditor
              key={question.key}
              question={question}
              number={index + 1}
              canMoveUp={index > 0}
              canMoveDown={index < draft.questions.length - 1}
              errors={errors}
              onChange={(next) => setQuestion(question.key, next)}
              onType={(type) => setQuestion(question.key, changeQuestionType(question, type, trueFalse))}
              onMove={(direction) => change({ questions: [...moveItem(draft.questions, index, index + direction)] })}
              onDelete={() => props.onDeleteQuestion(question)}
              onDeleteOption={(option) => props.onDeleteOption(question, option)}
            />
          ))}
        </ol>
        {errors.form ? (
          <Text size="sm" c="red.9" data-testid="assessment-form-error">
            {errors.form}
          </Text>
        ) : null}
        {draft.questions.length < AUTHORING_LIMITS.assessmentQuestions ? (
          <Group gap="xs" align="flex-end">
            <Select
              label={t('authoring.step5.newQuestionType')}
              value={newType}
              allowDeselect={false}
              data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`authoring.step5.types.${type}`) }))}
              onChange={(value) => value && setNewType(value as QuestionType)}
              data-testid="new-question-type"
              w={220}
            />
            <Button variant="light" onClick={() => change({ questions: [...draft.questions, newQuestion(newType, trueFalse)] })} data-testid="add-question">
              {t('authoring.step5.addQuestion')}
            </Button>
          </Group>
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
