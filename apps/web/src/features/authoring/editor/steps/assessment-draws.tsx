import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { AUTHORING_LIMITS } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { newDraw, type DraftDraw } from './assessment-model';

/** A topic of the question bank as a draw row needs it: its name and how many questions it holds. */
export interface DrawTopic {
  id: number;
  title: string;
  size: number;
}

export interface AssessmentDrawsProps {
  draws: DraftDraw[];
  topics: readonly DrawTopic[];
  errors: Readonly<Record<string, string>>;
  onChange: (draws: DraftDraw[]) => void;
}

/**
 * An assessment's random questions: rows of a topic of the course's question bank, how many questions each attempt
 * draws from it and what each is worth. Each topic once; when no row can be added, why (no topics, every topic drawn from, the limit).
 */
export function AssessmentDraws({ draws, topics, errors, onChange }: AssessmentDrawsProps) {
  const { t } = useTranslation();
  const sizes = new Map(topics.map((topic) => [topic.id, topic.size]));
  const taken = new Set(draws.map((d) => d.topic_id));
  const set = (key: string, patch: Partial<DraftDraw>) => onChange(draws.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const canAdd = topics.some((topic) => !taken.has(topic.id)) && draws.length < AUTHORING_LIMITS.draws;
  return (
    <fieldset className="assessment-options" data-testid="assessment-draws">
      <legend>{t('authoring.step5.draws.title')}</legend>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('authoring.step5.draws.hint')}
        </Text>
        {draws.map((draw, index) => {
          const size = draw.topic_id === null ? undefined : sizes.get(draw.topic_id);
          return (
            <Group key={draw.key} gap="xs" align="flex-start" role="group" aria-label={t('authoring.step5.draws.row', { number: index + 1 })} className="assessment-draw" data-testid="assessment-draw">
              <Select
                className="assessment-draw__topic"
                label={t('authoring.step5.draws.topic')}
                value={draw.topic_id === null ? null : String(draw.topic_id)}
                allowDeselect={false}
                data={topics.filter((topic) => topic.id === draw.topic_id || !taken.has(topic.id)).map((topic) => ({ value: String(topic.id), label: topic.title }))}
                onChange={(value) => value && set(draw.key, { topic_id: Number(value) })}
                error={errors[`${draw.key}.topic_id`]}
                required
                data-testid="draw-topic"
              />
              <NumberInput
                className="assessment-draw__number"
                label={t('authoring.step5.draws.count')}
                // How many the topic holds, under the number: the row's fields stay level.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                description={size === undefined ? undefined : t('authoring.step5.draws.available', { count: size })}
                value={draw.count}
                min={1}
                max={AUTHORING_LIMITS.drawCount}
                allowDecimal={false}
                onChange={(value) => set(draw.key, { count: value })}
                error={errors[`${draw.key}.count`]}
                required
                data-testid="draw-count"
              />
              <NumberInput
                className="assessment-draw__number"
                label={t('authoring.step5.draws.points')}
                value={draw.points}
                min={0}
                max={1000}
                allowDecimal={false}
                onChange={(value) => set(draw.key, { points: value })}
                error={errors[`${draw.key}.points`]}
                data-testid="draw-points"
              />
              <ActionIcon
                className="assessment-draw__remove"
                variant="default"
                color="red.9"
                onClick={() => onChange(draws.filter((d) => d.key !== draw.key))}
                aria-label={t('authoring.step5.draws.remove', { number: index + 1 })}
                data-testid="draw-remove"
              >
                <span aria-hidden="true">✕</span>
              </ActionIcon>
            </Group>
          );
        })}
        {!canAdd ? (
          <Text size="sm" id="draws-no-topics" data-testid="draws-no-topics">
            {t(topics.length === 0 ? 'authoring.step5.draws.noTopics' : draws.length >= AUTHORING_LIMITS.draws ? 'authoring.step5.draws.atLimit' : 'authoring.step5.draws.allTaken')}
          </Text>
        ) : null}
        <Group>
          <Button
            size="xs"
            variant="light"
            disabled={!canAdd}
            aria-describedby={canAdd ? undefined : 'draws-no-topics'}
            onClick={() => onChange([...draws, newDraw(topics, draws)])}
            data-testid="add-draw"
          >
            {t('authoring.step5.draws.add')}
          </Button>
        </Group>
      </Stack>
    </fieldset>
  );
}
