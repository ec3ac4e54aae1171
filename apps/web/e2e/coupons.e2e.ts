// test:area coupons
import { describe, expect, it } from 'vitest';
import { createCourse } from '../../api/test/factories';
import { createUser, GOOD_PASSWORD, uniqueEmail } from '../../api/test/harness';
import { seedSession } from './support/browser';
import { axeViolations, settled } from './support/audit';
import { apiLogin, newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

const e2e = e2eSuite();

// Coupons are promised at 375 px too: the whole journey runs on a phone's width, in Arabic (the app's default).
describe('coupons', () => {
  it('an admin makes one for a course and, once used, deactivates it instead of deleting; an instructor is told admins make them, then (once allowed) makes one for their own course', async ({ onTestFinished }) => {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const instructor = await createUser('instructor', { email: uniqueEmail('web-coupons'), name: `مدرّب ${tag}` });
    const [adminCourse, ownCourse] = [await createCourse({ title: `دورة الخط ${tag}`, price: 200 }), await createCourse({ title: `دورتي ${tag}`, instructorId: instructor.id })];
    const adminLogin = await apiLogin(e2e.server, 'admin', await newAccount('admin'));
    // The switch is the site's: start from its default (off), whatever ran before.
    const reset = await fetch(`${e2e.server.baseUrl}/api/admin/coupons/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminLogin.token}` },
      body: JSON.stringify({ instructorsMayCreate: false }),
    });
    expect(reset.ok).toBe(true);

    const { page: admin } = await e2e.open({ width: 375 }, onTestFinished);
    await seedSession(admin, 'admin', adminLogin);
    await admin.goto('/admin/coupons');
    await settled(admin);

    const adminCode = `SALE-${tag}`;
    await admin.getByTestId('coupon-new').first().click();
    const form = admin.getByTestId('coupon-form');
    await form.getByLabel(labelled('ar', 'coupons.field.code')).fill(adminCode.toLowerCase());
    await form.getByLabel(labelled('ar', 'coupons.field.percent')).fill('15');
    await form.getByLabel(labelled('ar', 'coupons.field.courses')).fill(tag);
    await admin.getByRole('option', { name: adminCourse.title }).click();
    await form.getByLabel(labelled('ar', 'coupons.field.totalLimit')).fill('10');
    expect(await axeViolations(admin)).toEqual([]);
    await form.getByTestId('coupon-save').click();

    const listed = admin.locator(`[data-coupon-code="${adminCode}"]`);
    await listed.waitFor();
    await form.waitFor({ state: 'detached' });
    // The course's title comes with its own read, after the row.
    await listed.getByText(adminCourse.title).waitFor();
    const card = await listed.innerText();
    expect(card).toContain(tr('ar', 'coupons.kind.percentOff', { value: tr('ar', 'coupons.percentValue', { value: '15' }) }));
    expect(card).toContain(adminCourse.title);
    expect(card).toContain(tr('ar', 'coupons.uses.limited', { used: '0', limit: '10' }));
    expect(await axeViolations(admin)).toEqual([]);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Once used (a participant orders with it), it cannot be deleted: the dialog says so and offers deactivating it.
    const buyer = await apiLogin(e2e.server, 'participant', await newAccount('participant'));
    const ordered = await fetch(`${e2e.server.baseUrl}/api/participant/enrollcourse/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ course_id: adminCourse.id, coupon: adminCode }),
    });
    expect(ordered.ok).toBe(true);
    await listed.getByTestId('coupon-delete').click();
    await admin.getByTestId('coupon-delete-do').click();
    await admin.getByTestId('coupon-used').waitFor();
    await admin.getByTestId('coupon-deactivate').click();
    await admin.getByTestId('coupon-result').getByText(tr('ar', 'coupons.deactivated')).waitFor();
    await listed.getByText(tr('ar', 'coupons.inactive')).waitFor();
    await listed.getByText(tr('ar', 'coupons.uses.limited', { used: '1', limit: '10' })).waitFor();

    // The instructor, while admins keep coupons to themselves.
    const { page: teacher } = await e2e.open({ width: 375 }, onTestFinished);
    await seedSession(teacher, 'instructor', await apiLogin(e2e.server, 'instructor', { email: instructor.email, name: instructor.name, password: GOOD_PASSWORD }));
    await teacher.goto('/instructor/coupons');
    await teacher.getByTestId('coupons-not-allowed').getByText(tr('ar', 'coupons.notAllowed.title')).waitFor();
    expect(await axeViolations(teacher)).toEqual([]);

    // The admin allows it.
    const allow = admin.getByRole('switch', { name: labelled('ar', 'coupons.settings.label') });
    await allow.click();
    await expect.poll(() => allow.isChecked()).toBe(true);
    await expect.poll(async () => ((await (await fetch(`${e2e.server.baseUrl}/api/admin/coupons/settings`, { headers: { authorization: `Bearer ${adminLogin.token}` } })).json()) as { data: { instructorsMayCreate: boolean } }).data.instructorsMayCreate).toBe(true);

    await teacher.reload();
    await settled(teacher);
    await teacher.getByTestId('coupon-new').first().click();
    const mine = teacher.getByTestId('coupon-form');
    const ownCode = `MINE-${tag}`;
    await mine.getByLabel(labelled('ar', 'coupons.field.code')).fill(ownCode);
    // Only the instructor's own courses are offered: the admin's course, with the same tag, is not.
    await mine.getByLabel(labelled('ar', 'coupons.field.courses')).fill(tag);
    await teacher.getByRole('option', { name: ownCourse.title }).waitFor();
    expect(await teacher.getByRole('option', { name: adminCourse.title }).count()).toBe(0);
    await teacher.getByRole('option', { name: ownCourse.title }).click();
    await mine.getByLabel(labelled('ar', 'coupons.field.percent')).fill('20');
    await mine.getByTestId('coupon-save').click();
    const own = teacher.locator(`[data-coupon-code="${ownCode}"]`);
    await own.waitFor();
    await mine.waitFor({ state: 'detached' });
    await own.getByText(ownCourse.title).waitFor();
    expect(await teacher.locator('[data-coupon-code]').count()).toBe(1);
    expect(await axeViolations(teacher)).toEqual([]);
  });
});
