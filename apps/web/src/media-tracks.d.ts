// What `media-tracks/polyfill` adds to media elements (its dist/global.d.ts, which the package does not export).
import type { VideoRenditionList, VideoTrack, VideoTrackList } from 'media-tracks';

declare global {
  interface HTMLMediaElement {
    videoTracks: VideoTrackList;
    addVideoTrack(kind: string, label?: string, language?: string): VideoTrack;
    removeVideoTrack(track: VideoTrack): void;
    videoRenditions: VideoRenditionList;
  }
}
