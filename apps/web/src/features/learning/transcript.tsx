import { NativeSelect, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { rightToLeftLanguage } from '@nibras/contract/language-direction';
import { normalizeSearchText } from '@nibras/contract/search-text';
import { formatClock } from '../../lib/format';
import { languageName } from '../../lib/language-name';
import type { LearnLecture } from './api';
import { rememberedCaptions } from './stream-source';

export interface TranscriptLine {
  start: number;
  end: number;
  text: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': '\u00A0', '&lrm;': '\u200E', '&rlm;': '\u200F' };

const seconds = (stamp: string) => {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

/** The lines of a lecture's captions as the server writes them (clean WebVTT, docs/video.md), as plain text. */
export function transcriptLines(vtt: string): TranscriptLine[] {
  return vtt
    .split(/\n{2,}/)
    .flatMap((block) => {
      const lines = block.split('\n');
      const timing = lines.findIndex((line) => line.includes('-->'));
      if (timing < 0) return [];
      const [start, end] = lines[timing]!.split('-->').map((part) => seconds(part.trim().split(/\s+/)[0]!));
      const text = lines
        .slice(timing + 1)
        .join(' ')
        .replace(/<[^>]*>/g, '')
        .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity)
        .trim();
      return Number.isFinite(start) && Number.isFinite(end) && text ? [{ start: start!, end: end!, text }] : [];
    });
}

/**
 * The lecture's captions as a transcript beside the player: the line being spoken is marked, a click on a line takes
 * the video there, and the search box keeps the lines that hold its words, with the course search's Arabic
 * normalisation (hamza forms, taa marbuta, tashkeel, tatweel do not matter).
 */
export function Transcript({ videoRef, lecture }: { videoRef: RefObject<HTMLVideoElement | null>; lecture: LearnLecture }) {
  const { t, i18n } = useTranslation();
  const remembered = rememberedCaptions();
  const [lang, setLang] = useState(() => (lecture.captions.some((c) => c.lang === remembered) ? remembered : lecture.captions[0]!.lang));
  const url = lecture.captions.find((c) => c.lang === lang)?.url ?? lecture.captions[0]!.url;
  // The captions' language decides the lines' direction, not their first word ("Python لغة سهلة" is an Arabic line).
  const direction = rightToLeftLanguage(lang) ? 'rtl' : 'ltr';
  const captions = useQuery({
    queryKey: ['transcript', lecture.id, lang],
    queryFn: async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`captions ${response.status}`);
      return transcriptLines(await response.text());
    },
    staleTime: Infinity,
    retry: 1,
  });
  const [search, setSearch] = useState('');
  const wanted = normalizeSearchText(search).trim();
  const lines = useMemo(() => (captions.data ?? []).map((line) => ({ ...line, folded: normalizeSearchText(line.text) })), [captions.data]);
  // The line being spoken, by its start: the state changes when the line does, not at every timeupdate.
  const [current, setCurrent] = useState<number | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onTime = () => setCurrent(lines.find((line) => video.currentTime >= line.start && video.currentTime < line.end)?.start ?? null);
    onTime();
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeked', onTime);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeked', onTime);
    };
  }, [videoRef, lecture.id, lines]);
  const shown = wanted ? lines.filter((line) => line.folded.includes(wanted)) : lines;
  const seek = (line: TranscriptLine) => {
    const video = videoRef.current;
    if (video) video.currentTime = line.start;
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="transcript-title" data-testid="transcript">
      <Stack gap="sm">
        <Title order={3} size="h4" id="transcript-title">
          {t('learn.transcript.title')}
        </Title>
        {lecture.captions.length > 1 ? (
          <NativeSelect
            label={t('learn.transcript.language')}
            value={lang}
            onChange={(event) => setLang(event.currentTarget.value)}
            data={lecture.captions.map((c) => ({ value: c.lang, label: languageName(c.lang, i18n.language) }))}
          />
        ) : null}
        <TextInput type="search" label={t('learn.transcript.search')} value={search} onChange={(event) => setSearch(event.currentTarget.value)} dir="auto" data-testid="transcript-search" />
        {captions.isPending ? (
          <Text size="sm" c="dimmed">
            {t('learn.transcript.loading')}
          </Text>
        ) : captions.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {t('learn.transcript.failed')}
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {wanted ? t('learn.transcript.noMatch') : t('learn.transcript.empty')}
          </Text>
        ) : (
          <ol className="learn-transcript" lang={lang} dir={direction}>
            {shown.map((line) => {
              const spoken = current === line.start;
              return (
                <li key={`${line.start}-${line.end}`}>
                  <UnstyledButton className="learn-transcript__line" data-current={spoken || undefined} aria-current={spoken ? 'true' : undefined} onClick={() => seek(line)}>
                    <Text span size="xs" c="dimmed" className="learn-transcript__time" dir="ltr">
                      {formatClock(line.start)}
                    </Text>{' '}
                    <Text span size="sm" dir={direction}>
                      {line.text}
                    </Text>
                  </UnstyledButton>
                </li>
              );
            })}
          </ol>
        )}
      </Stack>
    </Paper>
  );
}
