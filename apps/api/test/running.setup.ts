import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { stopLeftovers, testBegins } from './running';

// What a test or a test file started and did not stop (it timed out, or failed before its clean-up)
// is stopped here: after each test what the test started, after the file what its hooks started
// (running.ts). These hooks run after the file's own: normally they find nothing.
function report(after: string, left: string[]) {
  if (left.length) console.warn(`stopped what ${after} left running: ${left.join('; ')}`);
}

beforeEach(() => testBegins());
afterEach(async ({ task }) => report(`the test "${task.name}"`, await stopLeftovers('test')));
afterAll(async () => report(`the file ${expect.getState().testPath ?? ''}`, await stopLeftovers('file')));
