// test:area outreach mail accounts
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BELL_BY_ROLE, NOTIFICATIONS_BY_ROLE, type Role } from '@nibras/contract';
import { testConfig } from '../../api/test/harness';
import { parseMail } from '../../api/test/smtp';
import { seedSession, seedStorage } from './support/browser';
import { auditAll, axeViolations, LANGUAGES, settled, type Language } from './support/audit';
import { apiLogin, newAccount, type LoginData } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

// No SMTP_URL: the server's own mail worker writes every message to DATA_DIR/outbox, where the test reads it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-e2e-newsletter-'));
const outbox = path.join(dataDir, 'outbox');
const e2e = e2eSuite({ dataDir, mail: { ...testConfig().mail, worker: true, pollMs: 200 } }, { shareContext: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** The mail to `email` whose text has a link to `route` (/newsletter/confirm, …), as its recipient reads it; the link's path. */
async function mailedLink(email: string, route: string) {
  const deadline = Date.now() + 20_000;
  const pattern = new RegExp(`https?://\\S+?(${route}/[^\\s"<]+)`);
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      // not written yet
    }
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
      const mail = parseMail(raw);
      const link = pattern.exec(mail.text)?.[1];
      if (link) return { ...mail, link };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} with ${route} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function api<T>(login: LoginData, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

const subscriberOf = async (admin: LoginData, email: string) =>
  (await api<{ items: { email: string; confirmed: boolean }[] }>(admin, 'POST', '/api/admin/subscribe/view?page=1', { search: email })).items;

async function subscribeInFooter(page: Page, language: Language, email: string) {
  await page.goto('/');
  const form = page.getByTestId('newsletter-form');
  await form.getByRole('textbox', { name: tr(language, 'newsletter.email') }).fill(email);
  await form.getByRole('button', { name: tr(language, 'newsletter.submit') }).click();
  await page.getByTestId('newsletter-success').getByText(tr(language, 'api.newsletter.subscribed')).waitFor();
}

// The journey runs once, in Arabic at 375 px (a visitor's width, docs/testing.md). The English mails (the
// confirmation's subject and left-to-right body, the newsletter in the subscriber's language) are newsletter.test.ts's;
// the screens are audited in both languages at the end of this file.
describe('newsletter in the browser', () => {
  it('subscribes in the footer, confirms with the mailed link, then leaves with the newsletter\'s unsubscribe link, signed out', async ({ onTestFinished }) => {
    const language: Language = 'ar';
    const admin = await apiLogin(e2e.server, 'admin', await newAccount('admin'));
    const { page } = await e2e.open({ width: 375 }, onTestFinished);
    await seedStorage(page, { language });
    const email = `reader.${language}.${unique()}@example.com`;
    await subscribeInFooter(page, language, email);

    const confirmation = await mailedLink(email, '/newsletter/confirm');
    expect(confirmation.subject).toBe(tr(language, 'api.newsletter.mail.confirm.subject'));
    expect(/<html[^>]*>/.exec(confirmation.html)![0]).toContain('dir="rtl"');
    expect(await subscriberOf(admin, email)).toEqual([expect.objectContaining({ email, confirmed: false })]);

    await page.goto(confirmation.link);
    await page.getByRole('heading', { level: 1, name: tr(language, 'newsletterPage.confirm.title') }).waitFor();
    await page.getByTestId('newsletter-confirmed').getByText(tr(language, 'api.newsletter.confirmed')).waitFor();
    expect(await subscriberOf(admin, email)).toEqual([expect.objectContaining({ email, confirmed: true })]);
    // Opened again, the used link says so.
    await page.reload();
    await page.getByTestId('newsletter-confirm-error').getByText(tr(language, 'api.newsletter.confirm_link_invalid')).waitFor();

    // A newsletter from the admin reaches the confirmed reader, in their language, with an unsubscribe link.
    const subject = `Issue ${unique()}`;
    await api(admin, 'POST', '/api/admin/newsletter/send', { subject_ar: `${subject} ar`, body_ar: 'دورات جديدة هذا الشهر.', subject_en: `${subject} en`, body_en: 'New courses this month.' });
    const newsletter = await mailedLink(email, '/newsletter/unsubscribe');
    expect(newsletter.subject).toBe(`${subject} ${language}`);

    // The unsubscribe link works without signing in (this page never signed in): the page asks first.
    await page.goto(newsletter.link);
    await page.getByRole('heading', { level: 1, name: tr(language, 'newsletterPage.unsubscribe.title') }).waitFor();
    expect(await subscriberOf(admin, email)).toHaveLength(1);
    await page.getByRole('button', { name: tr(language, 'newsletterPage.unsubscribe.confirm') }).click();
    await page.getByTestId('newsletter-unsubscribed').getByText(tr(language, 'api.newsletter.unsubscribed')).waitFor();
    expect(await subscriberOf(admin, email)).toEqual([]);
  });
});

describe('email notification switches on the profile', () => {
  // Each role has its own switches. Participants at 375 px, the others at 1280 (docs/testing.md); in Arabic, but
  // the admin's in English, so that the saved notice, which no address shows, is scanned in both languages.
  const cases: { role: Role; language: Language; width: number }[] = [
    { role: 'participant', language: 'ar', width: 375 },
    { role: 'instructor', language: 'ar', width: 1280 },
    { role: 'admin', language: 'en', width: 1280 },
  ];
  for (const { role, language, width } of cases) {
    it(`${role} in ${language}: one switch per kind, on by default; turning one off is saved and still off after a reload`, async ({ onTestFinished }) => {
      const login = await apiLogin(e2e.server, role, await newAccount(role));
      const { page } = await e2e.open({ width }, onTestFinished);
      await seedSession(page, role, login, { language });
      await page.goto(`/${role}/my-profile`);
      await settled(page);
      const region = page.getByRole('region', { name: tr(language, 'profile.notifications.title') });
      const section = region.getByRole('group', { name: tr(language, 'profile.notifications.mailTitle') });
      const kinds = NOTIFICATIONS_BY_ROLE[role];
      expect(await section.getByRole('switch').count()).toBe(kinds.length);
      // The header's bell has its own switches, one per kind the role receives, on by default (docs/notifications.md).
      const bell = region.getByRole('group', { name: tr(language, 'profile.bell.title') }).getByRole('switch');
      expect(await bell.count()).toBe(BELL_BY_ROLE[role].length);
      for (const one of await bell.all()) expect(await one.isChecked()).toBe(true);
      for (const kind of kinds) expect(await section.getByRole('switch', { name: tr(language, `profile.notifications.kind.${kind}`) }).isChecked()).toBe(true);

      const first = kinds[0]!;
      await section.getByRole('switch', { name: tr(language, `profile.notifications.kind.${first}`) }).click();
      expect(await section.getByRole('switch', { name: tr(language, `profile.notifications.kind.${first}`) }).isChecked()).toBe(false);
      await region.getByRole('button', { name: tr(language, 'profile.notifications.save') }).click();
      await page.getByTestId('notifications-saved').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.reload();
      await settled(page);
      const again = page.getByRole('region', { name: tr(language, 'profile.notifications.title') }).getByRole('group', { name: tr(language, 'profile.notifications.mailTitle') });
      await again.getByRole('switch').first().waitFor();
      expect(await again.getByRole('switch', { name: tr(language, `profile.notifications.kind.${first}`) }).isChecked()).toBe(false);
      for (const kind of kinds.slice(1)) expect(await again.getByRole('switch', { name: tr(language, `profile.notifications.kind.${kind}`) }).isChecked()).toBe(true);
      const profile = await api<{ mail_opt_outs: string[] }>(login, 'GET', role === 'admin' ? '/api/admin/edit' : `/api/${role}/profile`);
      expect(profile.mail_opt_outs).toEqual([first]);
    });
  }
});

// The confirm screen (a link that does not work) and the unsubscribe screen (asking first), once per language: axe
// once, the layout at 1280 and at 375 px (support/audit.ts). (The participant's profile with its switches:
// accessibility-signed-in.e2e.ts; the admin's subscribers screen with its newsletter form: admin-people.e2e.ts.)
describe('accessibility of the new screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    it(`the confirm and unsubscribe screens in ${language}`, async ({ onTestFinished }) => {
      const paths = ['/newsletter/confirm/not-a-link', '/newsletter/unsubscribe/00000000-0000-4000-8000-000000000000'];
      expect(await auditAll(e2e, { language, paths, role: 'participant', finished: onTestFinished })).toEqual([]);
    });
  }
});
