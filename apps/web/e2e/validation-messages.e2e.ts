// test:area accounts outreach
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGES, type Language } from './support/audit';
import { seedStorage, waitForPath } from './support/browser';
import { e2eSuite } from './support/suite';
import { labelled, text, tr } from './support/translations';

const e2e = e2eSuite({}, { shareContext: true });

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every value of the language's translation file as a pattern, its {{variables}} as wildcards. */
function sentencesOf(language: Language): RegExp[] {
  return Object.values(text[language]).map((template) => new RegExp(`^${template.split(/\{\{\s*\w+\s*\}\}/).map(escapeRegExp).join('.+')}$`, 's'));
}

/** The messages shown about what was typed, field errors and alerts, in `scope` (the main column, or the footer's newsletter). */
async function shownMessages(page: Page, scope: string): Promise<string[]> {
  const texts = await page.locator(scope).locator('.mantine-InputWrapper-error, [role="alert"]').allTextContents();
  return texts.map((value) => value.trim()).filter(Boolean);
}

/**
 * Each form sent empty and then with a malformed value: what it says must be one of the sentences
 * of the page's language (so never zod's or the browser's own wording, and never English in Arabic).
 * One load a language: each form is reached from the one before through the app's links.
 */
const FORMS: { name: string; path: string; from?: (page: Page, language: Language) => Promise<void>; scope: string; submitKey: string; bad?: { labelKey: string; value: string } }[] = [
  { name: 'participant sign-up', path: '/participant/register', scope: 'main', submitKey: 'auth.register.submit', bad: { labelKey: 'auth.email', value: 'not-an-email' } },
  {
    name: 'forgot password',
    path: '/participant/forgot-password',
    from: async (page, language) => {
      await page.getByRole('main').getByRole('link', { name: tr(language, 'auth.register.toLogin') }).click();
      await page.getByTestId('forgot-password-link').click();
    },
    scope: 'main',
    submitKey: 'passwordReset.forgot.submit',
    bad: { labelKey: 'auth.email', value: 'x' },
  },
  { name: 'instructor sign-in', path: '/instructor/login', from: (page, language) => page.getByRole('banner').getByRole('link', { name: tr(language, 'header.instructorLogin'), exact: true }).click(), scope: 'main', submitKey: 'auth.login.submit' },
  { name: 'contact', path: '/contact-us', from: (page, language) => page.getByRole('banner').getByRole('link', { name: tr(language, 'nav.contact'), exact: true }).click(), scope: 'main', submitKey: 'contact.submit', bad: { labelKey: 'contact.email', value: 'nobody@' } },
  { name: 'newsletter', path: '/contact-us', scope: 'footer.site-footer', submitKey: 'newsletter.submit', bad: { labelKey: 'newsletter.email', value: '@example' } },
];

describe('validation messages are sentences in the user language', () => {
  for (const language of LANGUAGES) {
    it(`in ${language}: sign-up, sign-in, forgot password, contact and newsletter forms, empty and malformed`, async () => {
      const sentences = sentencesOf(language);
      const { page } = await e2e.open();
      // The consent banner would cover the footer's newsletter form.
      await seedStorage(page, { cookieConsent: 'true' });
      const raw: string[] = [];
      let seen = 0;
      await page.goto(`${FORMS[0]!.path}?lang=${language}`);
      for (const form of FORMS) {
        await form.from?.(page, language);
        await waitForPath(page, form.path);
        const scope = page.locator(form.scope);
        const submit = scope.getByRole('button', { name: tr(language, form.submitKey), exact: true });
        await submit.click();
        await expect.poll(() => shownMessages(page, form.scope), { message: `${form.name}: empty` }).not.toEqual([]);
        const empty = await shownMessages(page, form.scope);
        if (form.bad) {
          const field = scope.getByLabel(labelled(language, form.bad.labelKey));
          await field.fill(form.bad.value);
          await submit.click();
          await expect.poll(() => field.getAttribute('aria-invalid'), { message: `${form.name}: malformed` }).toBe('true');
        }
        const messages = [...empty, ...(await shownMessages(page, form.scope))];
        seen += messages.length;
        for (const message of messages) {
          if (!sentences.some((sentence) => sentence.test(message))) raw.push(`${form.name}: ${message}`);
          if (language === 'ar' && !/[\u0600-\u06FF]/.test(message)) raw.push(`${form.name} (no Arabic): ${message}`);
        }
      }
      expect(seen).toBeGreaterThanOrEqual(FORMS.length + FORMS.filter((form) => form.bad).length);
      expect(raw).toEqual([]);
    });
  }
});
