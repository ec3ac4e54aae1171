import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseDetails } from '@nibras/contract';
import { languageName } from '../../lib/language-name';
import { LecturePlayer, THUMBNAILS_TRACK } from './lecture-player';
import { rememberedCaptions, useLectureSource, useRememberCaptions } from './stream-source';
import './learning.css';

type OutlineLecture = CourseDetails['sections'][number]['lectures'][number];

/**
 * A free preview on the public course page, in the lecture player (decision 022): its streaming ladder once ready, so
 * a visitor on a phone starts as fast as a learner does, else the file; its captions, the visitor's last choice on;
 * the thumbnails on the seek bar. Loaded when a visitor opens a preview (features/learning/public.ts).
 */
export default function PreviewPlayer({ lecture }: { lecture: OutlineLecture }) {
  const { t, i18n } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const source = useLectureSource(videoRef, { id: lecture.id, videoUrl: lecture.previewUrl, stream: lecture.previewStream });
  useRememberCaptions(videoRef, lecture.id);
  const captionsChoice = rememberedCaptions();
  return (
    <LecturePlayer hasCaptions={lecture.previewCaptions.length > 0} hasLadder={source.streaming}>
      <video
        ref={videoRef}
        slot="media"
        className="learn-video"
        src={source.src}
        poster={source.poster}
        preload="metadata"
        playsInline
        aria-label={t('details.outline.previewOf', { title: lecture.title })}
        data-testid="preview-video"
      >
        {lecture.previewCaptions.map((c) => (
          <track key={c.lang} kind="subtitles" srcLang={c.lang} label={languageName(c.lang, i18n.language)} src={c.url} default={c.lang === captionsChoice} />
        ))}
        {lecture.previewStream ? <track kind="metadata" label={THUMBNAILS_TRACK} src={lecture.previewStream.thumbnailsUrl} default /> : null}
      </video>
    </LecturePlayer>
  );
}
