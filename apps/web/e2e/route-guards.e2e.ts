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

describe.concurrent('route guards in the browser (spec section 2)', () => {
  it('sends a visitor without a session from a non-public route to /', async ({ onTestFinished }) => {
    const page = await anonymousPage(onTestFinished);
    await expectRedirect(page, '/instructor/dashboard', '/', home);
    await expectRedirect(page, '/participant/my-profile', '/', home);
    await expectRedirect(page, '/no-such-page', '/', home);
  });

  it('lets a visitor without a session open the public pages', async ({ onTestFinished, expect }) => {
    const page = await anonymousPage(onTestFinished);
    const course = await createCourse();
    await page.goto(`/course-details/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/course-details/${course.id}`);
  });

  it('sends an instructor visiting participant routes to /', async ({ onTestFinished }) => {
    const page = await signedInPage('instructor', onTestFinished);
    await expectRedirect(page, '/participant/dashboard', '/', home);
  });

  it('sends a participant visiting instructor routes to /', async ({ onTestFinished }) => {
    const page = await signedInPage('participant', onTestFinished);
    await expectRedirect(page, '/instructor/dashboard', '/', home);
  });

  it('sends a signed-in instructor opening a login or register screen to /instructor/dashboard', async ({ onTestFinished }) => {
    const page = await signedInPage('instructor', onTestFinished);
    const welcome = new RegExp(tr('ar', 'dashboard.welcome', { name: '' }));
    await expectRedirect(page, '/instructor/login', '/instructor/dashboard', '');
    await page.getByRole('heading', { level: 1, name: welcome }).waitFor();
    await expectRedirect(page, '/participant/register', '/instructor/dashboard', '');
  });

  it('sends a signed-in participant opening a login or register screen to /participant/dashboard', async ({ onTestFinished }) => {
    const page = await signedInPage('participant', onTestFinished);
    await expectRedirect(page, '/participant/login', '/participant/dashboard', '');
    await expectRedirect(page, '/instructor/register', '/participant/dashboard', '');
  });

  it('sends any /admin path but the login to /admin/login without an admin session', async ({ onTestFinished }) => {
    const page = await signedInPage('participant', onTestFinished);
    await expectRedirect(page, '/admin/dashboard', '/admin/login', tr('ar', 'auth.login.title.admin'));
    await expectRedirect(page, '/admin/courses', '/admin/login', tr('ar', 'auth.login.title.admin'));
  });

  it('sends a signed-in admin opening /admin/login to /admin/dashboard', async ({ onTestFinished }) => {
    const page = await signedInPage('admin', onTestFinished);
    await expectRedirect(page, '/admin/login', '/admin/dashboard', '');
  });

  it('replaces the whole app by the admin area while an admin is signed in', async ({ onTestFinished }) => {
    const page = await signedInPage('admin', onTestFinished);
    await expectRedirect(page, '/about', '/admin/dashboard', '');
    await expectRedirect(page, '/participant/login', '/admin/dashboard', '');
  });

  it('keeps the public pages open to signed-in instructors and participants', async ({ onTestFinished, expect }) => {
    const course = await createCourse();
    for (const role of ['instructor', 'participant'] as const) {
      const page = await signedInPage(role, onTestFinished);
      await page.goto(`/course-details/${course.id}`);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/course-details/${course.id}`);
    }
  });

  it('shows the not-found page for an unknown path the guards let through', async ({ onTestFinished, expect }) => {
    const page = await signedInPage('instructor', onTestFinished);
    await page.goto('/instructor/no-such-screen');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'notFound.title') }).waitFor();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'notFound.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
  });

  it('cannot be walked around by changing the case or encoding of a path', async ({ onTestFinished }) => {
    const page = await anonymousPage(onTestFinished);
    await expectRedirect(page, '/ADMIN/Dashboard', '/admin/login', tr('ar', 'auth.login.title.admin'));
    await expectRedirect(page, '/%69nstructor/dashboard', '/', home);
  });
});
