import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUTHORING_LIMITS } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import type { DraftOption, DraftQuestion, DraftTopic, ServerAssessment, ServerTopic } from './assessment-model';
import { QuestionListEditor } from './question-list-editor';

export interface TopicListProps {
  topics: readonly ServerTopic[];
  assessments: readonly ServerAssessment[];
  onEdit: (topic: ServerTopic) => void;
  onDelete: (topic: ServerTopic) => void;
}

/** The question bank's topics: each with its number of questions and the assessments that draw from it. */
export function TopicList({ topics, assessments, onEdit, onDelete }: TopicListProps) {
  const { t, i18n } = useTranslation();
  const titles = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  if (topics.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="bank-empty">
        {t('authoring.step5.bank.empty')}
      </Text>
    );
  }
  return (
    <ul className="outline-list">
      {topics.map((topic) => {
        const drawnBy = assessments.filter((a) => a.draws.some((d) => d.topic_id === topic.id)).map((a) => a.title);
        return (
          <li key={topic.id}>
            <Paper withBorder radius="md" p="sm" className="assessment-card" data-testid="topic-item" data-topic-id={topic.id}>
              <Group justify="space-between" gap="xs">
                <Stack gap={2} className="outline-grow">
                  <Text fw={700} dir="auto" className="break-anywhere" data-testid="topic-item-title">
                    {topic.title}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="topic-item-count">
                    {t('authoring.step5.bank.questionCount', { count: topic.questions.length })}
                  </Text>
                  {drawnBy.length > 0 ? (
                    <Text size="sm" c="dimmed" className="break-anywhere">
                      {t('authoring.step5.bank.drawnBy', { titles: titles.format(drawnBy) })}
                    </Text>
                  ) : null}
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onEdit(topic)}
                    aria-label={t('authoring.step5.actionFor', { action: t('authoring.step5.edit'), title: topic.title })}
                    data-testid="topic-edit"
                  >
                    {t('authoring.step5.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    onClick={() => onDelete(topic)}
                    aria-label={t('authoring.step5.actionFor', { action: t('authoring.step5.delete'), title: topic.title })}
                    data-testid="topic-delete"
                  >
                    {t('authoring.step5.delete')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          </li>
        );
      })}
    </ul>
  );
}

export interface TopicFormProps {
  draft: DraftTopic;
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  onChange: (draft: DraftTopic) => void;
  onSave: () => void;
  onCancel: () => void;
  onDeleteQuestion: (question: DraftQuestion) => void;
  onDeleteOption: (question: DraftQuestion, option: DraftOption) => void;
}

/** One topic of the question bank being written: its title and its questions, in the assessments' question editor. */
export function TopicForm({ draft, errors, saving, onChange, ...props }: TopicFormProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="topic-form-title" data-testid="topic-form">
      <Stack gap="md">
        <Title order={3} size="h4" id="topic-form-title">
          {draft.id ? t('authoring.step5.bank.editTitle') : t('authoring.step5.bank.newTitle')}
        </Title>
        <TextInput
          label={t('authoring.step5.bank.titleLabel')}
          value={draft.title}
          onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
          error={errors.title}
          maxLength={200}
          required
          dir="auto"
          data-testid="topic-title"
        />
        <Text size="sm" c="dimmed">
          {t('authoring.step5.bank.pointsHint')}
        </Text>
        <QuestionListEditor
          questions={draft.questions}
          errors={errors}
          max={AUTHORING_LIMITS.topicQuestions}
          emptyText={t('authoring.step5.bank.noQuestions')}
          onChange={(questions) => onChange({ ...draft, questions })}
          onDeleteQuestion={props.onDeleteQuestion}
          onDeleteOption={props.onDeleteOption}
        />
        {errors.form ? (
          <Text size="sm" c="red.9" data-testid="topic-form-error">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            {t('authoring.step5.close')}
          </Button>
          <Button onClick={props.onSave} loading={saving} data-testid="save-topic">
            {t('authoring.step5.bank.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
