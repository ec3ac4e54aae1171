// test:area shell sessions
import { describe, it, type onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { createCourse } from '../../api/test/factories';
import { seedSession, waitForPath } from './support/browser';
import { apiLogin, newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite();

async function signedInPage(role: Role, finished: typeof onTestFinished): Promise<Page> {
  const { page } = await e2e.open({}, finished);
  await seedSession(page, role, await apiLogin(e2e.server, role, await newAccount(role)));
  return page;
}

async function anonymousPage(finished: typeof onTestFinished): Promise<Page> {
  return (await e2e.open({}, finished)).page;
}

/** Opens `from` and expects to end up on `to`, with that page's heading rendered. */
async function expectRedirect(page: Page, from: string, to: string, heading: string): Promise<void> {
  await page.goto(from);
  await waitForPath(page, to);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  const landed = new URL(page.url()).pathname;
  if (landed !== to) throw new Error(`${from} ended on ${landed}, expected ${to}`);
}

const home = tr('ar', 'home.title');

/** Opens a public course's page and expects to stay there. */
async function expectOpen(page: Page, course: { id: number; title: string }): Promise<void> {
  await page.goto(`/course-details/${course.id}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  const landed = new URL(page.url()).pathname;
  if (landed !== `/course-details/${course.id}`) throw new Error(`the course page ended on ${landed}`);
}

const notFound = tr('ar', 'notFound.title');
const adminLogin = tr('ar', 'auth.login.title.admin');

// One page a kind of visitor, its addresses opened one after another (each a load: the guards run on a deep link).
describe.concurrent('route guards in the browser (spec section 2)', () => {
  it('a visitor without a session: sent from a page of a member area to that role\'s login (decision 016), from any /admin path but the login to /admin/login, from other non-public routes to /, whatever the case or encoding of the path; the public pages open', async ({ onTestFinished }) => {
    const page = await anonymousPage(onTestFinished);
    const course = await createCourse();
    await expectRedirect(page, '/instructor/dashboard', '/instructor/login', tr('ar', 'auth.login.title.instructor'));
    await expectRedirect(page, '/participant/my-profile', '/participant/login', tr('ar', 'auth.login.title.participant'));
    await expectRedirect(page, '/no-such-page', '/', home);
    // The home page says why it opened (issue 25, point 7).
    await page.getByTestId('home-notice').getByText(tr('ar', 'shell.redirected.home')).waitFor();
    await expectOpen(page, course);
    // Cannot be walked around by changing the case or encoding of a path.
    await expectRedirect(page, '/ADMIN/Dashboard', '/admin/login', adminLogin);
    await expectRedirect(page, '/%69nstructor/dashboard', '/instructor/login', tr('ar', 'auth.login.title.instructor'));
  });

  it('an instructor: sent from participant routes to /, from a login or register screen to /instructor/dashboard; the public pages open; an unknown path the guards let through shows the not-found page', async ({ onTestFinished, expect }) => {
    const page = await signedInPage('instructor', onTestFinished);
    const course = await createCourse();
    await expectRedirect(page, '/participant/dashboard', '/', home);
    const welcome = new RegExp(tr('ar', 'dashboard.welcome', { name: '' }));
    await expectRedirect(page, '/instructor/login', '/instructor/dashboard', '');
    await page.getByRole('heading', { level: 1, name: welcome }).waitFor();
    await expectRedirect(page, '/participant/register', '/instructor/dashboard', '');
    await expectOpen(page, course);
    await page.goto('/instructor/no-such-screen');
    await page.getByRole('heading', { level: 1, name: notFound }).waitFor();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: notFound }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
  });

  it('a participant: sent from instructor routes to /, from a login or register screen to /participant/dashboard, and from any /admin path but the login to /admin/login; the public pages open', async ({ onTestFinished }) => {
    const page = await signedInPage('participant', onTestFinished);
    const course = await createCourse();
    await expectRedirect(page, '/instructor/dashboard', '/', home);
    await expectRedirect(page, '/participant/login', '/participant/dashboard', '');
    await expectRedirect(page, '/instructor/register', '/participant/dashboard', '');
    await expectRedirect(page, '/admin/dashboard', '/admin/login', adminLogin);
    await expectRedirect(page, '/admin/courses', '/admin/login', adminLogin);
    await expectOpen(page, course);
  });

  it('an admin: sent from /admin/login to /admin/dashboard; the admin area replaces the whole app', async ({ onTestFinished }) => {
    const page = await signedInPage('admin', onTestFinished);
    await expectRedirect(page, '/admin/login', '/admin/dashboard', '');
    await expectRedirect(page, '/about', '/admin/dashboard', '');
    await expectRedirect(page, '/participant/login', '/admin/dashboard', '');
  });
});
