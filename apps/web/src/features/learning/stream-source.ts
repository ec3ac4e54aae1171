import { useEffect, useState, type RefObject } from 'react';
import type HlsType from 'hls.js/light';
import type { Level } from 'hls.js/light';
// The media element's video tracks and renditions (media-ui-extensions), which the player's quality menu reads.
import 'media-tracks/polyfill';
import type { LearnLecture } from './api';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** hls.js's light build (no subtitles or DRM: captions come as <track>), fetched once, when a streamed lecture is near. */
let hlsModule: Promise<typeof HlsType> | null = null;
export const loadHls = () => (hlsModule ??= import('hls.js/light').then((m) => m.default));

/**
 * Where the lecture's <video> plays from (docs/video.md): its streaming ladder once ready, through hls.js wherever the
 * browser has Media Source (adaptive: it starts on a rung the connection carries and moves between rungs at segment
 * boundaries, and it knows the rungs, which a quality menu needs), else natively where the browser plays HLS itself
 * (iOS Safari before Managed Media Source); the file as uploaded when there is no ladder, or when the ladder fails for
 * good (the learner goes on from the same moment). `src` is what to put on the element: undefined while the effect
 * attaches the stream; `streaming` says the ladder plays (its rungs are there to choose).
 */
export function useLectureSource(videoRef: RefObject<HTMLVideoElement | null>, lecture: Pick<LearnLecture, 'id' | 'videoUrl' | 'stream'> | undefined): { src: string | undefined; poster: string | undefined; streaming: boolean } {
  const stream = lecture?.stream ?? null;
  const [fallback, setFallback] = useState<number | null>(null);
  const useFile = !stream || fallback === lecture?.id;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream || useFile) return;
    let cancelled = false;
    let destroy = () => undefined as void;
    const toFile = () => {
      const at = video.currentTime;
      if (at > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
      setFallback(lecture!.id);
    };
    loadHls().then(
      (Hls) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          if (video.canPlayType(HLS_TYPE) !== '') video.src = stream.masterUrl;
          else toFile();
          return;
        }
        const hls = new Hls({ capLevelToPlayerSize: true, startLevel: -1 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // A network or media failure hls.js could not get past: the file itself, from the same moment.
          hls.destroy();
          toFile();
        });
        const qualities = renditionsFrom(video, (level) => {
          // -1 is hls.js's automatic choice; a chosen rung takes over from the next segment.
          if (hls.nextLevel !== level) hls.nextLevel = level;
        });
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => qualities.show(data.levels));
        hls.loadSource(stream.masterUrl);
        hls.attachMedia(video);
        destroy = () => {
          qualities.remove();
          hls.destroy();
        };
      },
      () => {
        // The script did not arrive (offline, a deploy): the file plays without it.
        if (!cancelled) toFile();
      },
    );
    return () => {
      cancelled = true;
      destroy();
    };
    // One source per lecture: the element is keyed by the lecture's id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lecture?.id, useFile]);

  return { src: useFile ? (lecture?.videoUrl ?? undefined) : undefined, poster: stream?.posterUrl, streaming: !useFile };
}

/**
 * The ladder's rungs as the element's video renditions (the `media-tracks` polyfill), so the player's quality menu can
 * list them; choosing one (or Auto, index -1) calls `choose`.
 */
function renditionsFrom(video: HTMLVideoElement, choose: (index: number) => void) {
  const onChange = () => choose(video.videoRenditions.selectedIndex);
  video.videoRenditions.addEventListener('change', onChange);
  const remove = () => {
    for (const track of Array.from(video.videoTracks)) video.removeVideoTrack(track);
  };
  return {
    show(levels: Level[]) {
      remove();
      const track = video.addVideoTrack('main');
      track.id = 'main';
      track.selected = true;
      levels.forEach((level, index) => {
        const rendition = track.addRendition(level.url[0] ?? '', level.width, level.height, level.videoCodec, level.bitrate);
        rendition.id = String(index);
      });
    },
    remove() {
      video.videoRenditions.removeEventListener('change', onChange);
      remove();
    },
  };
}

const CAPTIONS_KEY = 'nibras.captions';

/** The captions language the learner chose last ('' for none), kept in this browser. */
export function rememberedCaptions(): string {
  try {
    return localStorage.getItem(CAPTIONS_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the learner's choice in the player's captions menu for the next lecture and the next visit. */
export function useRememberCaptions(videoRef: RefObject<HTMLVideoElement | null>, lectureId: number | undefined) {
  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    const onChange = () => {
      const showing = Array.from(tracks).find((track) => track.mode === 'showing');
      try {
        localStorage.setItem(CAPTIONS_KEY, showing?.language ?? '');
      } catch {
        // Storage refused (private mode): the choice lasts for this lecture only.
      }
    };
    tracks.addEventListener('change', onChange);
    return () => tracks.removeEventListener('change', onChange);
  }, [videoRef, lectureId]);
}
