// test:area invoices orders
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { createCourse } from '../../api/test/factories';
import { auditAll, LANGUAGES, resize, settled } from './support/audit';
import { seedSession } from './support/browser';
import { apiLogin, newAccount, type LoginData } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

// Tax invoices in the browser (docs/payments.md, "Invoices"): the participant's download from their orders at
// 375 px, the admin's screen with its search and export; the screens audited in both languages at 1280 and 375 px.
const e2e = e2eSuite({}, { shareContext: true });
const unique = () => randomBytes(4).toString('hex');

async function call<T>(login: LoginData, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A participant's 49.50 order, confirmed by the admin: it has its invoice. */
async function paidOrder() {
  const participant = await newAccount('participant');
  const buyer = await apiLogin(e2e.server, 'participant', participant);
  const admin = await apiLogin(e2e.server, 'admin', await newAccount('admin'));
  const course = await createCourse({ price: 49.5, title: `دورة الفاتورة ${unique()}` });
  const { order } = await call<{ order: { id: number } }>(buyer, 'POST', '/api/participant/enrollcourse/order', { course_id: course.id });
  await call(admin, 'POST', '/api/admin/order/confirm', { order_id: order.id });
  const [invoice] = (await call<{ items: { number: string }[] }>(admin, 'GET', `/api/admin/invoice/list?search=${encodeURIComponent(participant.email)}`)).items;
  return { participant, buyer, admin, course, number: invoice!.number };
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('invoices in the browser', () => {
  it('the participant downloads a paid order\'s invoice from their orders, in Arabic at 375 px', async ({ onTestFinished }) => {
    const { buyer, number } = await paidOrder();
    const { page } = await e2e.open({ width: 375 }, onTestFinished);
    await seedSession(page, 'participant', buyer, { language: 'ar' });
    await page.goto('/participant/orders');
    await settled(page);
    const button = page.getByTestId('order-invoice');
    expect(await button.textContent()).toBe(tr('ar', 'orders.invoice', { number }));
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`nibras-invoice-${number}.pdf`);
    expect((await bytesOf(download)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the admin reaches the invoices from the navigation, finds one by the buyer and exports the list as CSV, at 375 px', async ({ onTestFinished }) => {
    const { participant, admin, number } = await paidOrder();
    const { page } = await e2e.open({ width: 1280 }, onTestFinished);
    await seedSession(page, 'admin', admin, { language: 'ar' });
    await page.goto('/admin/dashboard');
    await settled(page);
    await page.getByRole('link', { name: tr('ar', 'invoices.nav') }).first().click();
    await page.getByRole('heading', { level: 1, name: tr('ar', 'invoices.title') }).waitFor();
    await resize(page, 375);
    await page.getByTestId('invoices-search').fill(participant.email);
    await page.getByTestId('invoices-search').press('Enter');
    // The list shown before the search holds this invoice too: wait for the search's answer, one row.
    await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(1);
    await page.getByTestId('invoice-row').filter({ hasText: number }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoices-export').click()]);
    expect(download.suggestedFilename()).toBe('nibras-invoices.csv');
    const csv = (await bytesOf(download)).toString('utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv).toContain(`${number},`);
    expect(csv).toContain(',43.04,6.46,49.50,SAR');
  });
});

describe('accessibility of the invoice screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    it(`the admin's invoices and the participant's orders with an invoice in ${language}`, async ({ onTestFinished }) => {
      const { buyer } = await paidOrder();
      expect(await auditAll(e2e, { language, paths: ['/admin/invoices'], role: 'admin', finished: onTestFinished })).toEqual([]);
      expect(await auditAll(e2e, { language, paths: ['/participant/orders'], role: 'participant', login: buyer, finished: onTestFinished })).toEqual([]);
    });
  }
});
