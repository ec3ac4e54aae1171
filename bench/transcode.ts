/**
 * `npx tsx bench/transcode.ts` (part `transcode` of `npm run bench`): what a lecture's streaming ladder costs on this
 * machine (issue 27, point 6). A lecture-like source is made with ffmpeg (a moving test picture with text and a tone,
 * 1080p at 30 frames a second, H.264 with its index at the end, as a camera writes it), then the video worker's own
 * steps run on it, timed apart: the index-first remux, the ladder (every rung of VIDEO_LADDER's default in one ffmpeg
 * run, with the thumbnail sheets), the poster. For each: wall seconds, and CPU seconds of ffmpeg (the children's user +
 * system time from /proc, which a loaded machine does not inflate), both per minute of video, and the ladder's bytes
 * beside the original's.
 *   BENCH_TRANSCODE_SECONDS (default 120): the source's length.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { faststart, planLadder, poster, probe, transcodeLadder } from '../apps/api/src/modules/video/video.ffmpeg';
import { recordBench } from './record';

const SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS ?? 120);
const LADDER = [240, 360, 720, 1080];
const SEGMENT_SECONDS = 4;

/** CPU seconds of this process's waited-for children so far (cutime + cstime of /proc/self/stat, in clock ticks of 1/100 s). */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function timed<T>(run: () => Promise<T>) {
  const cpu = childrenCpuSeconds();
  const started = performance.now();
  const value = await run();
  return { value, wallSeconds: (performance.now() - started) / 1000, cpuSeconds: childrenCpuSeconds() - cpu };
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .reduce((sum, f) => sum + statSync(path.join(f.parentPath, f.name)).size, 0);
}

export async function transcodeBenchmark() {
  const work = mkdtempSync(path.join(tmpdir(), 'nibras-bench-transcode-'));
  try {
    const source = path.join(work, 'lecture.mp4');
    console.log(`transcode: making a ${SECONDS} s 1080p source...`);
    execFileSync('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=300:sample_rate=48000:duration=${SECONDS}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '6M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', source,
    ]);
    const info = await probe('ffprobe', source);
    const minutes = info.seconds / 60;
    const remuxed = path.join(work, 'faststart.mp4');
    const remux = await timed(() => faststart('ffmpeg', source, remuxed));
    const out = path.join(work, 'ladder');
    mkdirSync(out);
    const rungs = planLadder(info, LADDER);
    const ladder = await timed(() => transcodeLadder('ffmpeg', remuxed, out, { rungs, probe: info, segmentSeconds: SEGMENT_SECONDS }));
    const still = await timed(() => poster('ffmpeg', remuxed, path.join(out, 'poster.jpg'), info));
    const perMinute = (t: { wallSeconds: number; cpuSeconds: number }) => ({ wallSecondsPerMinute: +(t.wallSeconds / minutes).toFixed(2), cpuSecondsPerMinute: +(t.cpuSeconds / minutes).toFixed(2) });
    const originalBytes = statSync(source).size;
    const ladderBytes = folderBytes(out);
    const result = {
      sourceSeconds: +info.seconds.toFixed(1),
      source: `${info.width}x${info.height}, ${(originalBytes / 1e6).toFixed(1)} MB`,
      rungs: rungs.map((r) => r.name),
      remux: perMinute(remux),
      ladder: perMinute(ladder),
      poster: perMinute(still),
      ladderBytes,
      ladderToOriginal: +(ladderBytes / originalBytes).toFixed(2),
      bytesPerRung: Object.fromEntries(rungs.map((r) => [r.name, folderBytes(path.join(out, r.name))])),
    };
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function printTranscode(r: Awaited<ReturnType<typeof transcodeBenchmark>>) {
  console.log(`\nTranscoding a ${r.sourceSeconds} s ${r.source} lecture into ${r.rungs.join(', ')} (per minute of video, this machine):`);
  for (const [step, t] of [['index-first remux', r.remux], ['ladder + thumbnails', r.ladder], ['poster', r.poster]] as const) {
    console.log(`  ${step.padEnd(22)} ${String(t.wallSecondsPerMinute).padStart(7)} s wall  ${String(t.cpuSecondsPerMinute).padStart(7)} s CPU`);
  }
  console.log(`  ladder on disk: ${(r.ladderBytes / 1e6).toFixed(1)} MB, ${r.ladderToOriginal}x the original (${Object.entries(r.bytesPerRung).map(([k, v]) => `${k} ${(v / 1e6).toFixed(1)} MB`).join(', ')})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await transcodeBenchmark();
  printTranscode(result);
  recordBench('transcode', result);
}
