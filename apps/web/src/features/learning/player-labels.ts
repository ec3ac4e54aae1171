import type { TFunction } from 'i18next';
import { addTranslation } from 'media-chrome/dist/utils/i18n.js';

/**
 * media-chrome names its controls with its own English phrases (its `t()` looks a phrase up in a dictionary per
 * language): each phrase the player's controls show or announce, and the key in our translation files that says it.
 * Phrases of controls the player does not have (AirPlay, casting, live, loop, audio tracks, chapters) are left out.
 */
const PHRASES: Record<string, string> = {
  Play: 'player.play',
  play: 'player.play',
  Pause: 'player.pause',
  pause: 'player.pause',
  Mute: 'player.mute',
  mute: 'player.mute',
  Unmute: 'player.unmute',
  unmute: 'player.unmute',
  volume: 'player.volume',
  seek: 'player.seek',
  'Seek backward': 'player.seekBackward',
  'Seek forward': 'player.seekForward',
  'seek back {seekOffset} seconds': 'player.seekBackSeconds',
  'seek forward {seekOffset} seconds': 'player.seekForwardSeconds',
  'playback time': 'player.playbackTime',
  '{currentTime} of {totalTime}': 'player.timeOf',
  '{time} remaining': 'player.timeRemaining',
  'video not loaded, unknown time.': 'player.timeUnknown',
  hour: 'player.hour',
  hours: 'player.hours',
  minute: 'player.minute',
  minutes: 'player.minutes',
  second: 'player.second',
  seconds: 'player.seconds',
  Captions: 'player.captions',
  'closed captions': 'player.captions',
  'Enable captions': 'player.captionsOn',
  'Disable captions': 'player.captionsOff',
  'Enter fullscreen mode': 'player.fullscreen',
  'enter fullscreen mode': 'player.fullscreen',
  'Exit fullscreen mode': 'player.fullscreenExit',
  'exit fullscreen mode': 'player.fullscreenExit',
  'Enter picture in picture mode': 'player.pip',
  'enter picture in picture mode': 'player.pip',
  'Exit picture in picture mode': 'player.pipExit',
  'exit picture in picture mode': 'player.pipExit',
  'Playback rate': 'player.speed',
  'current playback rate': 'player.speed',
  'Playback rate {playbackRate}': 'player.speedIs',
  Quality: 'player.quality',
  quality: 'player.quality',
  Settings: 'player.settings',
  settings: 'player.settings',
  Auto: 'player.auto',
  Off: 'player.off',
  'video player': 'player.label',
  'media loading': 'player.loading',
  'Network Error': 'player.error.network',
  'Decode Error': 'player.error.decode',
  'Source Not Supported': 'player.error.source',
  'A network error caused the media download to fail.': 'player.error.networkText',
  'A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.': 'player.error.decodeText',
  'An unsupported error occurred. The server or network failed, or your browser does not support this format.': 'player.error.sourceText',
};

/** Gives media-chrome the player's words in `language` from our translation files (ar.json, en.json). */
export function registerPlayerLabels(t: TFunction, language: string) {
  addTranslation(language, Object.fromEntries(Object.entries(PHRASES).map(([phrase, key]) => [phrase, t(key)])));
}
