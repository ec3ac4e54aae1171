import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import {
  MediaCaptionsMenu,
  MediaCaptionsMenuButton,
  MediaPlaybackRateMenu,
  MediaRenditionMenu,
  MediaSettingsMenu,
  MediaSettingsMenuButton,
  MediaSettingsMenuItem,
} from 'media-chrome/react/menu';
import { registerPlayerLabels } from './player-labels';

/** The speeds the learner can choose (issue 27: 0.5 to 2). */
export const PLAYER_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
const SEEK_SECONDS = 10;
/** The label by which media-chrome finds the seek bar's thumbnails: a metadata track, never shown to the learner. */
export const THUMBNAILS_TRACK = 'thumbnails';

const KEY_SEEKS: Record<string, number> = { ArrowRight: SEEK_SECONDS, ArrowUp: SEEK_SECONDS, ArrowLeft: -SEEK_SECONDS, ArrowDown: -SEEK_SECONDS, PageUp: 60, PageDown: -60 };

/**
 * The seek bar's keys: its arrows move by the same 10 s as the player's (the range inside media-chrome moves by 1 % of
 * the lecture, 36 s of an hour), Page Up and Down by a minute, Home and End to the ends.
 */
function seekByKey(event: KeyboardEvent<HTMLElement>) {
  const video = event.currentTarget.closest('media-controller')?.querySelector('video');
  if (!video || !Number.isFinite(video.duration)) return;
  const step = KEY_SEEKS[event.key];
  const to = event.key === 'Home' ? 0 : event.key === 'End' ? video.duration : step === undefined ? null : video.currentTime + step;
  if (to === null) return;
  event.preventDefault();
  video.currentTime = Math.min(Math.max(to, 0), video.duration);
}

/**
 * A submenu's way back to the settings list, in place of media-chrome's own (a button named in English, which axe
 * finds out of place in a menu): a menu item named by the submenu's title and where it goes.
 */
function SubmenuHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" slot="header" part="back button" role="menuitem" className="learn-player__back">
      <span aria-hidden="true" className="learn-player__back-arrow">
        ‹
      </span>
      {title}
      <span className="visually-hidden">{t('player.backToSettings')}</span>
    </button>
  );
}

/**
 * A top menu has no way back, but media-chrome keeps its back button (named in English) in the shadow tree, where axe
 * counts it among the menu's items; an empty header takes its place.
 */
const NoHeader = () => <span slot="header" hidden />;

/**
 * The lecture player's controls (media-chrome, decision 022) around the page's own <video slot="media">: play, seek
 * with thumbnails, back and forward 10 s, time, volume, captions, a settings menu with speed and quality (automatic
 * by default), picture-in-picture and full screen, all by keyboard. Its words come from our translation files.
 *
 * The control bar runs left to right in Arabic too, as a timeline does (Material Design's bidirectionality guidance:
 * media progress is not mirrored): the bar fills from the left, the right arrow key goes forward on the bar and on the
 * player, and the time reads "now / length" from the left, so all three agree in both languages. Menus and their
 * words follow the page's direction.
 */
export function LecturePlayer({ children, hasCaptions, hasLadder }: { children: ReactNode; hasCaptions: boolean; hasLadder: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  useMemo(() => registerPlayerLabels(t, lang), [t, lang]);
  const menuDir = i18n.dir(lang);
  return (
    // Keyed by language: media-chrome reads its words when its elements render.
    <MediaController key={lang} className="learn-player" lang={lang} noSubtitlesLangPref data-testid="lecture-player">
      {children}
      <MediaLoadingIndicator slot="centered-chrome" noAutohide />
      <MediaSettingsMenu hidden anchor="auto" dir={menuDir} data-testid="player-settings">
        <NoHeader />
        <MediaSettingsMenuItem>
          {t('player.speed')}
          <MediaPlaybackRateMenu slot="submenu" hidden rates={PLAYER_SPEEDS}>
            <SubmenuHeader title={t('player.speed')} />
          </MediaPlaybackRateMenu>
        </MediaSettingsMenuItem>
        {/* The file as uploaded has one quality: the menu offers a choice only when the ladder plays. */}
        <MediaSettingsMenuItem hidden={!hasLadder}>
          {t('player.quality')}
          <MediaRenditionMenu slot="submenu" hidden>
            <SubmenuHeader title={t('player.quality')} />
          </MediaRenditionMenu>
        </MediaSettingsMenuItem>
      </MediaSettingsMenu>
      {hasCaptions ? (
        <MediaCaptionsMenu hidden anchor="auto" dir={menuDir} data-testid="player-captions">
          <NoHeader />
        </MediaCaptionsMenu>
      ) : null}
      <MediaControlBar dir="ltr" className="learn-player__seekbar">
        <MediaTimeRange data-testid="player-seek" onKeyDown={seekByKey} />
      </MediaControlBar>
      <MediaControlBar dir="ltr">
        <MediaPlayButton />
        <MediaSeekBackwardButton seekOffset={SEEK_SECONDS} className="learn-player__wide" />
        <MediaSeekForwardButton seekOffset={SEEK_SECONDS} className="learn-player__wide" />
        <MediaTimeDisplay showDuration noToggle />
        <span className="learn-player__spacer" />
        <MediaMuteButton />
        <MediaVolumeRange className="learn-player__wide" />
        {hasCaptions ? <MediaCaptionsMenuButton /> : null}
        <MediaSettingsMenuButton />
        <MediaPipButton />
        <MediaFullscreenButton />
      </MediaControlBar>
    </MediaController>
  );
}
