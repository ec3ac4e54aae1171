// test:area accounts outreach
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGES, type Language } from './support/audit';
import { seedStorage } from './support/browser';
import { e2eSuite } from './support/suite';
import { labelled, text, tr } from './support/translations';

const e2e = e2eSuite();

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every value of the language's translation file as a pattern, its {{variables}} as wildcards. */
function sentencesOf(language: Language): RegExp[] {
  return Object.values(text[language]).map((template) => new RegExp(`^${template.split(/\{\{\s*\w+\s*\}\}/).map(escapeRegExp).join('.+')}$`, 's'));
}

/** The messages the page shows about what was typed: field errors and alerts. */
async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page.locator('.mantine-InputWrapper-error, [role="alert"]').allTextContents();
  return texts.map((value) => value.trim()).filter(Boolean);
}

/**
 * Each form sent empty and then with a malformed value: what it says must be one of the sentences
 * of the page's language (so never zod's or the browser's own wording, and never English in Arabic).
 */
const FORMS: { name: string; path: string; submitKey: string; bad?: { labelKey: string; value: string } }[] = [
  { name: 'participant sign-up', path: '/participant/register', submitKey: 'auth.register.submit', bad: { labelKey: 'auth.email', value: 'not-an-email' } },
  { name: 'instructor sign-in', path: '/instructor/login', submitKey: 'auth.login.submit' },
  { name: 'forgot password', path: '/participant/forgot-password', submitKey: 'passwordReset.forgot.submit', bad: { labelKey: 'auth.email', value: 'x' } },
  { name: 'contact', path: '/contact-us', submitKey: 'contact.submit', bad: { labelKey: 'contact.email', value: 'nobody@' } },
  { name: 'newsletter', path: '/about', submitKey: 'newsletter.submit', bad: { labelKey: 'newsletter.email', value: '@example' } },
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
      for (const form of FORMS) {
        await page.goto(`${form.path}?lang=${language}`);
        const submit = page.getByRole('button', { name: tr(language, form.submitKey), exact: true });
        await submit.click();
        await expect.poll(() => shownMessages(page), { message: `${form.name}: empty` }).not.toEqual([]);
        const empty = await shownMessages(page);
        if (form.bad) {
          const field = page.getByLabel(labelled(language, form.bad.labelKey));
          await field.fill(form.bad.value);
          await submit.click();
          await expect.poll(() => field.getAttribute('aria-invalid'), { message: `${form.name}: malformed` }).toBe('true');
        }
        const messages = [...empty, ...(await shownMessages(page))];
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
