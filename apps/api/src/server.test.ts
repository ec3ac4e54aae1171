import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startServerProcess } from '../test/server-process';
import { until } from '../test/until';

/**
 * `npm start` as a user runs it: the built server (scripts/build-api.mjs) under plain Node, on
 * PGlite in a data folder, started twice (data kept), and once in production (no demo data).
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const start = (dataDir: string, env: Record<string, string> = {}) => startServerProcess({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), ...env });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads loose JSON
const json = async (res: Response): Promise<any> => res.json();
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('npm start', () => {
  it('migrates, seeds demo data once, prints the logins, and keeps data across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-start-'));
    dirs.push(dataDir);
    const first = await start(dataDir);
    try {
      const out = first.output();
      expect(out).toContain('Demo data seeded');
      // The quiet seconds of a first start are said as they happen, in order (issue 25, point 11).
      const said = ['Opening the embedded database', 'Applying database migrations…', 'Seeding demo data into the new database (once)…', 'Nibras is running on'].map((text) => out.indexOf(text));
      expect(said.every((at) => at >= 0) && said.every((at, i) => i === 0 || at > said[i - 1]!), out).toBe(true);
      for (const email of ['admin@example.com', 'instructor@example.com', 'instructor2@example.com', 'participant@example.com', 'participant2@example.com', 'participant3@example.com']) {
        expect(out).toContain(email);
      }
      expect(out).toContain('nibras-demo');
      for (const role of ['admin', 'instructor', 'participant']) {
        const res = await post(`${first.base}/api/${role}/login`, { email: `${role}@example.com`, password: 'nibras-demo', returnSecureToken: true });
        expect(res.status, role).toBe(200);
      }
      const cats = (await json(await fetch(`${first.base}/api/category/namelist`))).data;
      expect(cats.length).toBeGreaterThanOrEqual(6);
      expect(cats.every((c: { name_ar: string; name_en: string }) => /[\u0600-\u06FF]/.test(c.name_ar) && /[A-Za-z]/.test(c.name_en))).toBe(true);
      const home = (await json(await fetch(`${first.base}/api/public/home`))).data;
      expect(home.newestCourses.length).toBeGreaterThanOrEqual(6);
      expect(home.topCourses.some((c: { rating: { count: number } }) => c.rating.count > 0)).toBe(true);
      const titles = home.newestCourses.map((c: { title: string }) => c.title).join(' ');
      expect(titles).toMatch(/[\u0600-\u06FF]/);
      expect(titles).toMatch(/[A-Za-z]{4}/);
      const course = (await json(await post(`${first.base}/api/course/${home.newestCourses[0].id}/b`, { p_id: '' }))).data;
      const preview = course.sections[0].lectures[0].previewUrl;
      expect(preview).toBeTruthy();
      const video = await fetch(`${first.base}${preview}`, { headers: { range: 'bytes=0-15' } });
      expect(video.status).toBe(206);
      expect(video.headers.get('content-type')).toBe('video/mp4');
      // An MP4 starts with an ftyp box.
      expect(Buffer.from(await video.arrayBuffer()).subarray(4, 8).toString()).toBe('ftyp');
      // Demo assessments: participant2's submission waits for instructor@ to check its short answer.
      const learner = (await json(await post(`${first.base}/api/participant/login`, { email: 'participant2@example.com', password: 'nibras-demo', returnSecureToken: true }))).data;
      const mine = (await json(await fetch(`${first.base}/api/participant/assessmentlist/0`, { headers: { authorization: `Bearer ${learner.token}` } }))).data;
      expect(mine.items.map((a: { standing: string }) => a.standing)).toContain('pending');
      const teacher = (await json(await post(`${first.base}/api/instructor/login`, { email: 'instructor@example.com', password: 'nibras-demo', returnSecureToken: true }))).data;
      const waiting = (await json(await fetch(`${first.base}/api/instructor/unchecked/list`, { headers: { authorization: `Bearer ${teacher.token}` } }))).data;
      expect(waiting.total).toBe(1);
      const reg = await post(`${first.base}/api/participant/register`, { name: 'Kept Across Restarts', email: 'kept@example.com', password: 'Lantern-river-93' });
      expect(reg.status).toBe(200);
    } finally {
      await first.stop();
    }

    const second = await start(dataDir);
    try {
      expect(second.output()).not.toContain('Demo data seeded');
      expect(second.output()).not.toContain('Seeding demo data');
      const login = await post(`${second.base}/api/participant/login`, { email: 'kept@example.com', password: 'Lantern-river-93', returnSecureToken: true });
      expect(login.status).toBe(200);
      const cats = (await json(await fetch(`${second.base}/api/category/namelist`))).data;
      expect(cats.length).toBe(7);
    } finally {
      await second.stop();
    }
  }, 120_000);

  // One server start serves two points (each start migrates a new data folder: over ten seconds of CPU).
  it('never seeds demo data in production, and npm start runs the built server under plain Node: no TypeScript loader in the process or beside it', async () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/^node (--[\w-]+=?\S* )*apps\/api\/dist\/server\.js$/);
    expect(scripts.prestart).toContain('build:api');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-prod-'));
    dirs.push(dataDir);
    const server = await start(dataDir, { NODE_ENV: 'production', SEED_DEMO: 'true', JWT_SECRET: 'a-production-secret-of-at-least-32-chars!!' });
    try {
      expect(server.output()).not.toContain('nibras-demo');
      const res = await post(`${server.base}/api/admin/login`, { email: 'admin@example.com', password: 'nibras-demo', returnSecureToken: true });
      expect(res.status).toBe(401);
      expect((await json(await fetch(`${server.base}/api/category/namelist`))).data).toEqual([]);
      const pid = server.child.pid!;
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      expect(commandLine).not.toMatch(/tsx|ts-node|esbuild/);
      // tsx keeps an esbuild service process beside the server: a plain server has no child at all.
      const children = readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((entry) => {
          try {
            return readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1] === String(pid);
          } catch {
            return false;
          }
        });
      expect(children).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('loses no acknowledged write when the process is killed (SIGKILL) in the middle of concurrent writes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-crash-'));
    dirs.push(dataDir);
    const server = await start(dataDir, { SEED_DEMO: 'false', REGISTER_MAX_PER_ADDRESS: '100000' });
    const password = 'Lantern-river-93';
    const acknowledged: string[] = [];
    const emails = Array.from({ length: 80 }, (_, i) => `crash-${i}@example.com`);
    let next = 0;
    // Four senders, each sending the next registration as soon as its last was answered: at the kill
    // some are committed, some in flight, some not yet sent.
    const sent = Array.from({ length: 4 }, async () => {
      while (next < emails.length) {
        const i = next++;
        const res = await post(`${server.base}/api/participant/register`, { name: `Crash ${i}`, email: emails[i], password }).catch(() => null);
        if (res?.status === 200) acknowledged.push(emails[i]!);
      }
    });
    await until(() => acknowledged.length >= 12, 'twelve registrations acknowledged', 60_000);
    await server.kill();
    await Promise.all(sent);
    const kept = [...acknowledged];
    expect(kept.length).toBeLessThan(80);

    const again = await start(dataDir, { SEED_DEMO: 'false' });
    try {
      const lost: string[] = [];
      for (const email of kept) {
        const res = await post(`${again.base}/api/participant/login`, { email, password, returnSecureToken: true });
        if (res.status !== 200) lost.push(`${email}: ${res.status}`);
      }
      expect(lost).toEqual([]);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('refuses a bad setting with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bad-'));
    dirs.push(dataDir);
    await expect(start(dataDir, { PORT: 'not-a-port' })).rejects.toThrow(/PORT/);
  }, 60_000);
});
