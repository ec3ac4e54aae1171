import { Button, Group, Select, Text, Title } from '@mantine/core';
import { QUESTION_TYPES, type QuestionType } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../reorder';
import { changeQuestionType, newQuestion, type DraftOption, type DraftQuestion } from './assessment-model';
import { AssessmentQuestionEditor } from './assessment-question-editor';

export interface QuestionListEditorProps {
  questions: DraftQuestion[];
  errors: Readonly<Record<string, string>>;
  /** How many questions the list may hold (an assessment's, a topic's). */
  max: number;
  /** Shown while the list is empty. */
  emptyText: string;
  onChange: (questions: DraftQuestion[]) => void;
  onDeleteQuestion: (question: DraftQuestion) => void;
  onDeleteOption: (question: DraftQuestion, option: DraftOption) => void;
}

/** Questions in order, each in its editor, and a new one of a chosen type: an assessment's own, or a topic's in the question bank. */
export function QuestionListEditor({ questions, errors, max, emptyText, onChange, ...props }: QuestionListEditorProps) {
  const { t } = useTranslation();
  const [newType, setNewType] = useState<QuestionType>('single');
  const trueFalse: [string, string] = [t('authoring.step5.true'), t('authoring.step5.false')];
  const setQuestion = (key: string, question: DraftQuestion) => onChange(questions.map((q) => (q.key === key ? question : q)));
  return (
    <>
      <Title order={4} size="h5">
        {t('authoring.step5.questions')}
      </Title>
      {questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : null}
      <ol className="outline-list" aria-label={t('authoring.step5.questions')}>
        {questions.map((question, index) => (
          <AssessmentQuestionEditor
            key={question.key}
            question={question}
            number={index + 1}
            canMoveUp={index > 0}
            canMoveDown={index < questions.length - 1}
            errors={errors}
            onChange={(next) => setQuestion(question.key, next)}
            onType={(type) => setQuestion(question.key, changeQuestionType(question, type, trueFalse))}
            onMove={(direction) => onChange([...moveItem(questions, index, index + direction)])}
            onDelete={() => props.onDeleteQuestion(question)}
            onDeleteOption={(option) => props.onDeleteOption(question, option)}
          />
        ))}
      </ol>
      {questions.length < max ? (
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
          <Button variant="light" onClick={() => onChange([...questions, newQuestion(newType, trueFalse)])} data-testid="add-question">
            {t('authoring.step5.addQuestion')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
