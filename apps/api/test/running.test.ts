import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';
import { startSmtpServer } from './smtp';

/**
 * What a test starts and does not stop, because it timed out or failed before its clean-up, is
 * stopped after it (running.ts, running.setup.ts). Each `it.fails` below is such a test; the last test
 * checks that nothing they started is still running.
 */
const MARK = 'NIBRAS_LEFT_RUNNING_MARK';
const marks = { timedOut: randomUUID(), failed: randomUUID() };
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-left-running-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pids of this machine's processes whose environment carries `mark` (Linux /proc). */
function processesMarked(mark: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`${MARK}=${mark}`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const server = (mark: string, readyText?: string) =>
  startServerProcess({ DATA_DIR: path.join(dataDir, mark), WEB_DIST: path.join(dataDir, 'no-web'), SEED_DEMO: 'false', [MARK]: mark }, readyText);

let smtpPort = 0;
let serverStarted = false;

describe('a test that times out or fails leaves nothing running', () => {
  it.fails(
    'times out while waiting on its server process',
    async () => {
      // The banner never says this: the test is still waiting when its time is up.
      await server(marks.timedOut, 'a line the server never prints');
    },
    3_000,
  );

  it.fails(
    'fails after starting a server process and an SMTP server, before stopping them',
    async () => {
      smtpPort = (await startSmtpServer()).port;
      await server(marks.failed);
      serverStarted = true;
      expect(processesMarked(marks.failed)).not.toEqual([]);
      throw new Error('failed before its clean-up');
    },
    120_000,
  );

  it('finds neither server process running after those tests, and the SMTP port closed', async () => {
    expect(serverStarted, 'the failing test started its server before it failed').toBe(true);
    expect(processesMarked(marks.timedOut)).toEqual([]);
    expect(processesMarked(marks.failed)).toEqual([]);
    expect(smtpPort).toBeGreaterThan(0);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(smtpPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
