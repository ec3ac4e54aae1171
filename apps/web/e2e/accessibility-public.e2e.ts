// test:area catalog search cms accounts
import { describe, it } from 'vitest';
import { auditAll, LANGUAGES } from './support/audit';
import { e2eSuite } from './support/suite';

const e2e = e2eSuite({}, { shareContext: true });

const PUBLIC_PAGES = ['/', '/about', '/contact-us', '/privacy-policy', '/search', '/category/design', '/course-details/1', '/reset-password/participant/1/0f3a9c', '/no-such-page'];
const SIGN_IN_PAGES = ['/admin/login', '/instructor/login', '/instructor/register', '/participant/login', '/participant/register'];

// One test at a time: each already keeps a core busy with axe, and the test timeout must
// measure its own work, not a queue.
// Every screen once per language: axe once, the layout at 1280 and at 375 px (support/audit.ts).
describe('accessibility of the public site and sign-in screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    it(`public pages in ${language}`, async ({ onTestFinished, expect }) => {
      expect(await auditAll(e2e, { language, paths: PUBLIC_PAGES, finished: onTestFinished })).toEqual([]);
    });

    it(`sign-in and sign-up screens in ${language}`, async ({ onTestFinished, expect }) => {
      expect(await auditAll(e2e, { language, paths: SIGN_IN_PAGES, finished: onTestFinished })).toEqual([]);
    });
  }
});
