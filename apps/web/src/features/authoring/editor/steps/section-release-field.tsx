import { Group, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { RELEASE_DAYS } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import type { DraftRelease, ReleaseMode } from './section-release-model';

interface Props {
  /** The section's name, for the choice's label (several sections share the step). */
  name: string;
  release: DraftRelease;
  dateError?: string;
  daysError?: string;
  onChange: (release: DraftRelease) => void;
}

const MODES: ReleaseMode[] = ['none', 'date', 'days'];

/**
 * When a section opens (scheduled release, docs/authoring.md): at once, on a date and time (a native `datetime-local`
 * input: the project has no date picker library), or a number of days after each participant's enrolment.
 */
export function SectionReleaseField({ name, release, dateError, daysError, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="section-release">
      <Radio.Group
        label={t('authoring.release.label', { title: name })}
        value={release.mode}
        onChange={(mode) => onChange({ ...release, mode: mode as ReleaseMode })}
        size="sm"
      >
        <Group gap="md" mt={4}>
          {MODES.map((mode) => (
            <Radio key={mode} value={mode} label={t(`authoring.release.${mode}`)} data-testid={`release-${mode}`} />
          ))}
        </Group>
      </Radio.Group>
      {release.mode === 'date' ? (
        <TextInput
          type="datetime-local"
          label={t('authoring.release.dateField')}
          description={t('authoring.release.dateHint')}
          value={release.date}
          onChange={(event) => onChange({ ...release, date: event.currentTarget.value })}
          error={dateError}
          maw={280}
          data-testid="release-date"
        />
      ) : null}
      {release.mode === 'days' ? (
        <NumberInput
          label={t('authoring.release.daysField')}
          description={t('authoring.release.daysHint')}
          value={release.days}
          onChange={(days) => onChange({ ...release, days })}
          min={RELEASE_DAYS.min}
          max={RELEASE_DAYS.max}
          allowDecimal={false}
          allowNegative={false}
          error={daysError}
          maw={280}
          data-testid="release-days"
        />
      ) : null}
    </Stack>
  );
}
