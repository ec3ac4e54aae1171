// test:area accounts mail
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { testConfig } from '../../api/test/harness';
import { parseMail } from '../../api/test/smtp';
import { seedStorage, waitForPath } from './support/browser';
import { auditAll, LANGUAGES, type Language } from './support/audit';
import { newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// No SMTP_URL: the server's own mail worker writes every message to DATA_DIR/outbox, where the test reads it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-e2e-mail-'));
const outbox = path.join(dataDir, 'outbox');
const e2e = e2eSuite({ dataDir, mail: { ...testConfig().mail, worker: true, pollMs: 200 } }, { shareContext: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The reset mail sent to `email`, as its recipient would read it. */
async function mailTo(email: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      // not written yet
    }
    const raw = files.map((f) => readFileSync(path.join(outbox, f), 'utf8')).find((r) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(r));
    if (raw) {
      const mail = parseMail(raw);
      const link = /https?:\/\/\S+?(\/reset-password\/[^\s"<]+)/.exec(mail.text)![1]!;
      return { ...mail, link };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function askForLink(page: Page, language: Language, role: 'participant' | 'instructor', email: string) {
  await page.goto(`/${role}/login`);
  await page.getByRole('link', { name: tr(language, 'passwordReset.forgot.link') }).click();
  await waitForPath(page, `/${role}/forgot-password`);
  await page.getByRole('heading', { level: 1, name: tr(language, `passwordReset.forgot.title.${role}`) }).waitFor();
  await page.getByLabel(labelled(language, 'auth.email')).fill(email);
  await page.getByRole('button', { name: tr(language, 'passwordReset.forgot.submit') }).click();
  await page.getByTestId('forgot-sent').getByText(tr(language, 'api.passwordReset.requested')).waitFor();
}

// The journey runs once per role, in Arabic, the participant at 375 px and the instructor at 1280 (docs/testing.md).
// The English mail (subject, left-to-right body, the link) is password-reset.test.ts's; the screens are audited in
// both languages below.
describe('forgot and reset password in the browser', () => {
  const cases = [
    { role: 'participant', width: 375 },
    { role: 'instructor', width: 1280 },
  ] as const;
  for (const { role, width } of cases) {
    it(`${role}: asks on the forgot-password screen, opens the mailed link, sets a new password, signs in with it`, async ({ onTestFinished }) => {
      const language: Language = 'ar';
      const { page } = await e2e.open({ width }, onTestFinished);
      await seedStorage(page, { language });
      const account = await newAccount(role);
      await askForLink(page, language, role, account.email);

      const mail = await mailTo(account.email);
      expect(mail.subject).toBe(tr(language, 'api.passwordReset.mail.subject'));
      expect(/<html[^>]*>/.exec(mail.html)![0]).toContain('dir="rtl"');
      expect(mail.link).toMatch(new RegExp(`^/reset-password/${role}/\\d+/[A-Za-z0-9_-]{43}$`));

      await page.goto(mail.link);
      await page.getByRole('heading', { level: 1, name: tr(language, 'passwordReset.reset.title') }).waitFor();
      await expect.poll(() => page.getByTestId('reset-email').textContent()).toBe(account.email);
      const password = 'Saffron-window-48';
      await page.getByLabel(labelled(language, 'passwordReset.reset.password')).fill(password);
      await page.getByLabel(labelled(language, 'passwordReset.reset.confirm')).fill(password);
      await page.getByRole('button', { name: tr(language, 'passwordReset.reset.submit') }).click();

      await waitForPath(page, `/${role}/login`);
      await page.getByTestId('auth-notice').getByText(tr(language, 'api.passwordReset.done')).waitFor();
      // The address is filled in: only the new password is left to type (issue 25, point 7).
      await expect.poll(() => page.getByLabel(labelled(language, 'auth.email')).inputValue()).toBe(account.email);
      await page.getByLabel(labelled(language, 'auth.password')).fill(password);
      await page.getByRole('button', { name: tr(language, 'auth.login.submit') }).click();
      await waitForPath(page, `/${role}/dashboard`);

      // The link was used up: opening it again offers a new one.
      await page.goto(mail.link);
      await page.getByTestId('reset-ask-again').waitFor();
    });
  }
});

/** A working reset link for a participant, asked for through the API (opening it only checks it: it stays usable). */
async function resetLink(): Promise<string> {
  const account = await newAccount('participant');
  const response = await fetch(`${e2e.server.baseUrl}/api/forget_password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, role: 'participant' }) });
  expect(response.status).toBe(200);
  return (await mailTo(account.email)).link;
}

// Both forgot-password screens and the reset screen of a working link, once per language: axe once, the layout at
// 1280 and at 375 px (support/audit.ts).
describe('accessibility of the new screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  let link: Promise<string> | undefined;
  for (const language of LANGUAGES) {
    it(`the forgot-password and reset screens in ${language}`, async ({ onTestFinished }) => {
      const paths = ['/participant/forgot-password', '/instructor/forgot-password', await (link ??= resetLink())];
      expect(await auditAll(e2e, { language, paths, finished: onTestFinished })).toEqual([]);
    });
  }
});
