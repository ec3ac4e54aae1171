/**
 * Upload benchmark (part of `npm run bench`, or alone: `tsx bench/upload.ts`).
 * Starts the API server on an empty data folder, then uploads lecture videos of 20 MB, 200 MB and 1 GB
 * (BENCH_UPLOAD_SIZES_MB, comma-separated; a real MP4 head from the seed clips, then filler), each way:
 *  - through POST /api/instructor/course/step4/upload with a streaming multipart client (the spec's call);
 *  - resumably (the tus protocol, docs/video.md): a POST, then PATCHes of 32 MiB pieces streamed from the file, as
 *    the course builder sends them (tus-js-client's chunkSize; BENCH_UPLOAD_PIECE_MB to try others);
 * each way BENCH_UPLOAD_ROUNDS times (3), the order alternating, each upload after a `sync` and with the previous
 * upload's stored file removed (so that neither pays for the other's writes to the disk), on a server without a
 * video worker (transcoding is measured apart, bench/transcode.ts); the median of each way is reported,
 * and reports
 *  - each way's throughput in MB/s, next to a plain fs.copyFile of the same file on the same disk, and the resumable
 *    upload's throughput against the multipart one's (issue 27, point 6: at least 0.8);
 *  - the server's resident memory: before each upload, the peak sampled during it (/proc/<pid>/status),
 *    and VmHWM. Target: the peak does not grow with the file's size (1 GB costs what 20 MB costs).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './support';

const root = fileURLToPath(new URL('..', import.meta.url));
const MB = 1_048_576;
const SIZES_MB = (process.env.BENCH_UPLOAD_SIZES_MB ?? '20,200,1024').split(',').map(Number);
/** The course builder's piece of a resumable upload (apps/web/src/lib/http.ts, RESUMABLE_CHUNK_BYTES). */
const PIECE_BYTES = Number(process.env.BENCH_UPLOAD_PIECE_MB ?? 32) * MB;
/** Uploads of each size each way, alternating which goes first; the median is reported (BENCH_UPLOAD_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
/** The resumable upload's throughput at least this share of the multipart one's (issue 27, point 6). */
const RESUMABLE_AT_LEAST = 0.8;
/** Growth of the peak between the small and the big upload still counted as "does not grow". */
const FLAT_MEMORY_SLACK_MB = 30;



/** A file of `mb` megabytes that the server takes for an MP4: a real clip, then filler without markup. */
function writeVideo(file: string, mb: number): Promise<void> {
  const clip = readFileSync(path.join(root, 'apps/api/src/seed/media/clip-a.mp4'));
  const block = randomBytes(MB);
  // '<' could start something that looks like markup to the polyglot check; the filler has none.
  for (let i = 0; i < block.length; i++) if (block[i] === 0x3c) block[i] = 0x3d;
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('error', reject);
    out.on('finish', () => resolve());
    out.write(clip);
    let left = mb * MB - clip.length;
    const more = () => {
      while (left > 0) {
        const chunk = block.subarray(0, Math.min(block.length, left));
        left -= chunk.length;
        if (!out.write(chunk)) return void out.once('drain', more);
      }
      out.end();
    };
    more();
  });
}

function rssOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

async function api<T>(base: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { success: boolean; data: T; message: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message}`);
  return json.data;
}

/** A multipart upload streamed from disk: the client holds no more of the file than the server does. */
function streamUpload(url: string, token: string, fields: Record<string, string | number>, file: string): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----nibras-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lecture.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.on('error', reject);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
  });
}

/** One request with a body streamed from a range of the file; the status, the headers and the body. */
function send(url: string, method: string, headers: Record<string, string | number>, file?: { path: string; start: number; end: number }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (!file) return void req.end();
    const stream = createReadStream(file.path, { start: file.start, end: file.end - 1 });
    stream.on('error', reject);
    stream.pipe(req);
  });
}

/** A resumable (tus) upload as the course builder sends it: created, then PATCHed in pieces of PIECE_BYTES. */
async function resumableUpload(base: string, token: string, metadata: Record<string, string | number>, file: string): Promise<{ status: number; body: string; ms: number }> {
  const size = statSync(file).size;
  const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const started = performance.now();
  const encoded = Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');
  const created = await send(`${base}/api/instructor/course/upload/resumable`, 'POST', { ...tus, 'upload-length': size, 'upload-metadata': encoded });
  if (created.status !== 201) return { status: created.status, body: created.body, ms: 0 };
  const url = new URL(String(created.headers.location), base).href;
  let last = created;
  for (let offset = 0; offset < size; offset += PIECE_BYTES) {
    const end = Math.min(size, offset + PIECE_BYTES);
    last = await send(url, 'PATCH', { ...tus, 'upload-offset': offset, 'content-type': 'application/offset+octet-stream', 'content-length': end - offset }, { path: file, start: offset, end });
    if (last.status !== 204 && last.status !== 200) break;
  }
  return { status: last.status, body: last.body, ms: performance.now() - started };
}

export interface UploadBenchResult {
  runs: {
    sizeMb: number;
    uploadMbPerSecond: number;
    resumableMbPerSecond: number;
    /** The resumable upload's throughput over the multipart one's. */
    resumableRatio: number;
    copyMbPerSecond: number;
    uploadMs: number;
    resumableMs: number;
    copyMs: number;
    rssBeforeMb: number;
    rssPeakMb: number;
    resumableRssPeakMb: number;
  }[];
  serverVmHwmMb: number;
  target: { peakGrowthFromSmallestToLargestAtMost: number; peakGrowthMb: number; met: boolean; resumableRatioAtLeast: number; resumableMet: boolean };
}

export async function uploadBenchmark(): Promise<UploadBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-upload-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // node --import tsx: the spawned process is the server itself, so /proc/<pid> is its memory.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', VIDEO_WORKERS: '0', UPLOAD_VIDEO_MAX_MB: String(Math.max(...SIZES_MB) * 2) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/category/namelist`, server);
    const session = await api<{ token: string }>(base, 'POST', '/api/instructor/login', null, { email: 'instructor@example.com', password: 'nibras-demo', returnSecureToken: true });
    const [category] = await api<{ id: number }[]>(base, 'GET', '/api/category/namelist', null);
    const course = await api<{ id: number }>(base, 'POST', '/api/instructor/course/addUpdate/step1', session.token, {
      title: 'Upload benchmark',
      category_id: category!.id,
      language: 'en',
      level: 'all',
      priceMinor: 0,
    });
    const outline = await api<{ sections: { lectures: { id: number }[] }[] }>(base, 'POST', '/api/instructor/course/addUpdate/step4', session.token, {
      id: course.id,
      sections: [{ title: 'Benchmark', lectures: SIZES_MB.flatMap((mb) => [{ title: `${mb} MB` }, { title: `${mb} MB, resumable` }]) }],
    });
    const runs: UploadBenchResult['runs'] = [];
    for (const [i, sizeMb] of SIZES_MB.entries()) {
      const file = path.join(dataDir, `video-${sizeMb}.mp4`);
      await writeVideo(file, sizeMb);
      const copyTarget = path.join(dataDir, `copy-${sizeMb}.mp4`);
      const copyStart = performance.now();
      await copyFile(file, copyTarget);
      const copyMs = performance.now() - copyStart;
      await rm(copyTarget);

      const lectures = outline.sections[0]!.lectures;
      const measured = async (upload: () => Promise<{ status: number; body: string; ms: number }>) => {
        // Each upload starts with nothing waiting to be written to the disk: the file written just before (the test
        // file, the other way's upload) would otherwise be flushed during it, and slow whichever comes second.
        execFileSync('sync');
        const before = rssOf(server.pid!).rss;
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssOf(server.pid!).rss);
        }, 20);
        const res = await upload();
        clearInterval(sampler);
        peak = Math.max(peak, rssOf(server.pid!).rss);
        if (res.status !== 200) throw new Error(`upload of ${sizeMb} MB failed: ${res.status} ${res.body.slice(0, 200)}`);
        // The stored video goes, with its pages in memory: the next upload finds the disk and memory as this one did.
        await rm(path.join(dataDir, 'uploads', 'lectures'), { recursive: true, force: true });
        return { ...res, before, peak };
      };
      const ways = {
        multipart: () => streamUpload(`${base}/api/instructor/course/step4/upload`, session.token, { id: course.id, lecture_id: lectures[2 * i]!.id }, file),
        resumable: () => resumableUpload(base, session.token, { target: 'lecture', id: course.id, lecture_id: lectures[2 * i + 1]!.id, filename: 'lecture.mp4' }, file),
      };
      // ROUNDS of each, the order alternating (multipart first, then resumable first, ...): the median of each way.
      const tries: Record<keyof typeof ways, Awaited<ReturnType<typeof measured>>[]> = { multipart: [], resumable: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const way of round % 2 === 0 ? (['multipart', 'resumable'] as const) : (['resumable', 'multipart'] as const)) tries[way].push(await measured(ways[way]));
      }
      const median = (list: Awaited<ReturnType<typeof measured>>[]) => {
        const sorted = [...list].sort((a, b) => a.ms - b.ms);
        return { ...sorted[Math.floor(sorted.length / 2)]!, before: Math.min(...list.map((t) => t.before)), peak: Math.max(...list.map((t) => t.peak)) };
      };
      const multipart = median(tries.multipart);
      const resumable = median(tries.resumable);
      await rm(file);
      const mbps = (ms: number) => Math.round((sizeMb / (ms / 1000)) * 10) / 10;
      runs.push({
        sizeMb,
        uploadMbPerSecond: mbps(multipart.ms),
        resumableMbPerSecond: mbps(resumable.ms),
        resumableRatio: Math.round((multipart.ms / resumable.ms) * 100) / 100,
        copyMbPerSecond: mbps(copyMs),
        uploadMs: Math.round(multipart.ms),
        resumableMs: Math.round(resumable.ms),
        copyMs: Math.round(copyMs),
        rssBeforeMb: Math.round(multipart.before),
        rssPeakMb: Math.round(multipart.peak),
        resumableRssPeakMb: Math.round(resumable.peak),
      });
    }
    const peakOf = (r: UploadBenchResult['runs'][number]) => Math.max(r.rssPeakMb, r.resumableRssPeakMb);
    const growth = peakOf(runs[runs.length - 1]!) - peakOf(runs[0]!);
    const worstRatio = Math.min(...runs.map((r) => r.resumableRatio));
    const result: UploadBenchResult = {
      runs,
      serverVmHwmMb: Math.round(rssOf(server.pid!).hwm),
      target: {
        peakGrowthFromSmallestToLargestAtMost: FLAT_MEMORY_SLACK_MB,
        peakGrowthMb: growth,
        met: growth <= FLAT_MEMORY_SLACK_MB,
        resumableRatioAtLeast: RESUMABLE_AT_LEAST,
        resumableMet: worstRatio >= RESUMABLE_AT_LEAST,
      },
    };
    console.log(`\nUpload benchmark (lecture video: streamed multipart, and resumable in ${PIECE_BYTES / MB} MiB pieces; median of ${ROUNDS})`);
    for (const r of runs) {
      console.log(
        `  ${String(r.sizeMb).padStart(5)} MB  multipart ${r.uploadMbPerSecond} MB/s (${r.uploadMs} ms)  resumable ${r.resumableMbPerSecond} MB/s (${r.resumableMs} ms, ${r.resumableRatio}x)  plain copy ${r.copyMbPerSecond} MB/s  server RSS ${r.rssBeforeMb} -> peak ${r.rssPeakMb} / ${r.resumableRssPeakMb} MB`,
      );
    }
    console.log(`  server VmHWM ${result.serverVmHwmMb} MB; peak growth ${SIZES_MB[0]} MB -> ${SIZES_MB[SIZES_MB.length - 1]} MB: ${growth} MB (target <= ${FLAT_MEMORY_SLACK_MB}: ${result.target.met ? 'met' : 'NOT met'})`);
    console.log(`  resumable against multipart: at worst ${worstRatio}x (target >= ${RESUMABLE_AT_LEAST}: ${result.target.resumableMet ? 'met' : 'NOT met'})`);
    return result;
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.on('exit', () => resolve());
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  uploadBenchmark().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
