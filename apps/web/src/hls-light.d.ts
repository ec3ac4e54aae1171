// hls.js's light build (`hls.js/light`, dist/hls.light.mjs) has the full build's API without subtitles, alternate
// audio or DRM; its package names no types for that entry, so it takes the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
