import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';

/**
 * Debian's ffmpeg and ffprobe, called directly (no wrapper library: fluent-ffmpeg is archived, and the arguments below
 * are the whole interface we need). Each call is a child process at a lower CPU priority than the API's.
 */

export interface Probe {
  width: number;
  height: number;
  seconds: number;
  hasAudio: boolean;
}

export interface Rung {
  /** The rung's name and folder: its height, e.g. "720p". */
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

/** A child that failed: its exit and the end of what it wrote on stderr (for the operator's log, never the instructor). */
export class FfmpegError extends Error {
  constructor(
    readonly stage: 'probe' | 'faststart' | 'ladder' | 'poster',
    detail: string,
  ) {
    super(`${stage}: ${detail}`);
  }
}

/** Every rung's sound: AAC, stereo. */
export const AUDIO_KBPS = 96;

/**
 * Bitrates for H.264 main at each common height, about what the large platforms use for lecture-like content. A 144p
 * rung (VIDEO_LADDER=144,...) with its sound (96 kb/s) stays under 300 kb/s, which a slow 3G line (400 kb/s) carries;
 * 240p needs about 500 kb/s.
 */
const KBPS: [number, number][] = [
  [144, 160],
  [240, 400],
  [360, 800],
  [480, 1400],
  [720, 2800],
  [1080, 5000],
  [1440, 9000],
  [2160, 16000],
];

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * The rungs to make for a source: each configured height up to the source's own (its shorter side, so an upright
 * phone video gets the same rungs as a wide one), never above it; and the source's own size on top when the next
 * configured height would be an upscale (a 180p or 480p video keeps its own resolution; a source above the highest
 * configured height is capped there). The other side keeps the source's shape, rounded to even pixels as H.264 needs.
 */
export function planLadder(source: { width: number; height: number }, heights: number[]): Rung[] {
  const short = Math.min(source.width, source.height);
  const upright = source.height > source.width;
  const picked = heights.filter((h) => h <= short);
  const rungs = heights.some((h) => h > short) && !picked.includes(short) ? [...picked, short] : picked;
  return rungs.map((h) => {
    const scale = h / short;
    const width = upright ? even(h) : even(source.width * scale);
    const height = upright ? even(source.height * scale) : even(h);
    const kbps = KBPS.find(([at]) => at >= h)?.[1] ?? KBPS[KBPS.length - 1]![1];
    return { name: `${h}p`, width, height, videoKbps: kbps };
  });
}

interface Run {
  stdout: string;
}

/** Runs one child to its end; `onLine` sees stdout line by line (ffmpeg's -progress). Killed by `signal`. */
function run(command: string, args: string[], stage: FfmpegError['stage'], options: { signal?: AbortSignal; onLine?: (line: string) => void } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here (some containers): it runs at the API's priority.
      }
    }
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (!options.onLine) {
        stdout += text;
        return;
      }
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach((line) => options.onLine!(line));
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.on('error', (error) => reject(new FfmpegError(stage, error.message)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout });
      else reject(new FfmpegError(stage, `${signal ? `killed by ${signal}` : `exit ${code}`}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

/** ffmpeg -version: whether the worker can run on this machine. */
export async function ffmpegAvailable(ffmpeg: string): Promise<boolean> {
  try {
    await run(ffmpeg, ['-hide_banner', '-version'], 'probe');
    return true;
  } catch {
    return false;
  }
}

export async function probe(ffprobe: string, file: string, signal?: AbortSignal): Promise<Probe> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,width,height:stream_tags=rotate:stream_side_data=rotation:format=duration', '-of', 'json', file], 'probe', { signal });
  let parsed: {
    streams?: { codec_type?: string; width?: number; height?: number; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
    format?: { duration?: string };
  };
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new FfmpegError('probe', 'unreadable ffprobe output');
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  const seconds = Number(parsed.format?.duration);
  if (!video || !Number.isFinite(seconds) || seconds <= 0) throw new FfmpegError('probe', 'no video stream or no duration');
  // A phone's upright video is often stored wide with a rotation that ffmpeg applies when decoding: the ladder is
  // planned on the picture as shown.
  const rotation = Math.abs(Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!];
  return { width, height, seconds, hasAudio: !!parsed.streams?.some((s) => s.codec_type === 'audio') };
}

/** The same streams with the MP4's index (moov) moved before its media: playback starts before the whole file arrives. */
export async function faststart(ffmpeg: string, input: string, output: string, signal?: AbortSignal): Promise<void> {
  await run(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-map', '0', '-c', 'copy', '-movflags', '+faststart', output], 'faststart', { signal });
}

/** Thumbnails for seeking: one every THUMB_EVERY seconds, THUMB_W x THUMB_H, in sheets of THUMB_COLS x THUMB_ROWS. */
export const THUMB_EVERY = 5;
export const THUMB_W = 160;
export const THUMB_H = 90;
export const THUMB_COLS = 10;
export const THUMB_ROWS = 10;

/**
 * The HLS ladder in one ffmpeg run (one decode, every rung encoded from it): H.264 main and AAC, a keyframe every
 * `segmentSeconds` so that every rung's segments start at the same moments (a player switches rungs between any two),
 * VOD playlists and a master playlist `master.m3u8`, and the thumbnail sheets `thumbs-001.jpg`, … in `dir`.
 * `onProgress` gets the share of the video done, 0 to 1.
 */
export async function transcodeLadder(
  ffmpeg: string,
  input: string,
  dir: string,
  plan: { rungs: Rung[]; probe: Probe; segmentSeconds: number },
  options: { signal?: AbortSignal; onProgress?: (share: number) => void } = {},
): Promise<void> {
  const { rungs, probe: source, segmentSeconds } = plan;
  const n = rungs.length;
  const scaled = rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`).join(';');
  const thumbs = `[t]fps=1/${THUMB_EVERY},scale=${THUMB_W}:${THUMB_H}:force_original_aspect_ratio=decrease,pad=${THUMB_W}:${THUMB_H}:(ow-iw)/2:(oh-ih)/2,tile=${THUMB_COLS}x${THUMB_ROWS}[th]`;
  const filter = `[0:v:0]split=${n + 1}${rungs.map((_, i) => `[s${i}]`).join('')}[t];${scaled};${thumbs}`;
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-filter_complex', filter];
  rungs.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (source.hasAudio) rungs.forEach(() => args.push('-map', '0:a:0'));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-sc_threshold', '0');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`);
  rungs.forEach((r, i) => args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`));
  if (source.hasAudio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2');
  const streams = rungs.map((r, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ''},name:${r.name}`).join(' ');
  args.push(
    '-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_filename', path.join(dir, '%v', 'seg-%04d.ts'),
    '-master_pl_name', 'master.m3u8', '-var_stream_map', streams, path.join(dir, '%v', 'index.m3u8'),
  );
  args.push('-map', '[th]', '-c:v', 'mjpeg', '-q:v', '5', '-f', 'image2', path.join(dir, 'thumbs-%03d.jpg'));
  args.push('-progress', 'pipe:1', '-nostats');
  const total = source.seconds * 1e6;
  await run(ffmpeg, args, 'ladder', {
    signal: options.signal,
    onLine: (line) => {
      const m = /^out_time_us=(\d+)$/.exec(line.trim());
      if (m && options.onProgress) options.onProgress(Math.min(1, Number(m[1]) / total));
    },
  });
}

/** A still from a tenth into the video (at most 5 s in), at most 720 high: what the player shows before play. */
export async function poster(ffmpeg: string, input: string, output: string, source: Probe, signal?: AbortSignal): Promise<void> {
  const at = Math.min(5, source.seconds / 10).toFixed(2);
  await run(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', at, '-i', input, '-frames:v', '1', '-vf', "scale=-2:'min(720,ih)'", '-q:v', '4', output], 'poster', {
    signal,
  });
}

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
};

/** The WebVTT that maps each stretch of the video to its thumbnail in the sheets (`#xywh=`), as players read it. */
export function thumbnailsVtt(seconds: number): string {
  const lines = ['WEBVTT', ''];
  const perSheet = THUMB_COLS * THUMB_ROWS;
  for (let i = 0; i * THUMB_EVERY < seconds; i++) {
    const start = i * THUMB_EVERY;
    const end = Math.min(seconds, start + THUMB_EVERY);
    const sheet = Math.floor(i / perSheet) + 1;
    const cell = i % perSheet;
    const x = (cell % THUMB_COLS) * THUMB_W;
    const y = Math.floor(cell / THUMB_COLS) * THUMB_H;
    lines.push(`${clock(start)} --> ${clock(end)}`, `thumbs-${String(sheet).padStart(3, '0')}.jpg#xywh=${x},${y},${THUMB_W},${THUMB_H}`, '');
  }
  return lines.join('\n');
}
