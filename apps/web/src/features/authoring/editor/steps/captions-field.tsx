import { Button, CloseButton, FileButton, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../../lib/language-name';
import type { DraftLecture } from './outline-model';

/** The captions languages offered first: the site's two, then the languages most spoken by learners of the region. */
export const CAPTION_LANGUAGES = ['ar', 'en', 'fr', 'ur', 'tr', 'fa', 'id', 'ms', 'es', 'de'] as const;


/** A lecture's captions in the course builder: one per language, each removable, and a file (WebVTT or SRT) to add one. */
export function CaptionsField({ lecture, title, onAdd, onRemove }: { lecture: DraftLecture; title: string; onAdd: (lang: string, file: File) => void; onRemove: (lang: string) => void }) {
  const { t, i18n } = useTranslation();
  const taken = new Set(lecture.captions.map((c) => c.lang));
  const free = CAPTION_LANGUAGES.filter((lang) => !taken.has(lang));
  const [lang, setLang] = useState<string>(free[0] ?? 'ar');
  const chosen = free.includes(lang as (typeof CAPTION_LANGUAGES)[number]) ? lang : (free[0] ?? lang);
  return (
    <Group gap="xs" className="outline-lecture__tools" data-testid="lecture-captions">
      <Text size="sm" fw={600}>
        {t('authoring.step4.captions.label')}
      </Text>
      {lecture.captions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('authoring.step4.captions.none')}
        </Text>
      ) : (
        lecture.captions.map((c) => (
          <Group key={c.lang} gap={2} className="captions-chip" data-lang={c.lang}>
            <Text size="sm" component="a" href={c.url} target="_blank" rel="noopener noreferrer">
              {languageName(c.lang, i18n.language)}
            </Text>
            <CloseButton size="sm" aria-label={t('authoring.step4.captions.removeFor', { language: languageName(c.lang, i18n.language), title })} onClick={() => onRemove(c.lang)} />
          </Group>
        ))
      )}
      {free.length > 0 ? (
        <Group gap={4}>
          <NativeSelect
            size="xs"
            aria-label={t('authoring.step4.captions.language', { title })}
            value={chosen}
            onChange={(event) => setLang(event.currentTarget.value)}
            data={free.map((value) => ({ value, label: languageName(value, i18n.language) }))}
          />
          <FileButton onChange={(file) => file && onAdd(chosen, file)} accept=".vtt,.srt,text/vtt,application/x-subrip">
            {(buttonProps) => (
              <Button {...buttonProps} size="xs" variant="default" aria-label={t('authoring.step4.captions.addFor', { language: languageName(chosen, i18n.language), title })}>
                {t('authoring.step4.captions.add')}
              </Button>
            )}
          </FileButton>
        </Group>
      ) : null}
    </Group>
  );
}
