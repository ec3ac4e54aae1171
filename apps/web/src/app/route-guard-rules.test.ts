import { describe, expect, it } from 'vitest';
import { guardRedirect, withReturnTo, type SignedIn } from './route-guard-rules';

const nobody: SignedIn = { admin: false, instructor: false, participant: false };
const admin: SignedIn = { ...nobody, admin: true };
const instructor: SignedIn = { ...nobody, instructor: true };
const participant: SignedIn = { ...nobody, participant: true };

const PUBLIC_PAGES = ['/', '/about', '/contact-us', '/privacy-policy', '/search', '/category/7', '/category/web-design', '/course-details/12', '/reset-password/participant/5/abc123', '/certificate/ABCD-EFGH-JKLM', '/newsletter/confirm/abc_DEF-123', '/newsletter/unsubscribe/4f1c2b9e-8d7a-4c3b-9e2f-1a2b3c4d5e6f'];
// The forgot-password screens follow the login screens' rules.
const MEMBER_AUTH = ['/instructor/login', '/instructor/register', '/participant/login', '/participant/register', '/instructor/forgot-password', '/participant/forgot-password'];

describe('guardRedirect: spec section 2 route guard rules', () => {
  it('lets anyone without a session open every public page and sign-in screen', () => {
    for (const path of [...PUBLIC_PAGES, ...MEMBER_AUTH, '/admin/login']) expect(guardRedirect(path, nobody), path).toBeNull();
  });

  it('keeps the Google sign-in return pages open with or without a session: the session they bring is stored there', () => {
    for (const path of ['/participant/google/login', '/instructor/google/login']) {
      for (const who of [nobody, participant, instructor]) expect(guardRedirect(path, who), path).toBeNull();
    }
  });

  it('sends a visitor without an instructor or participant session from any other route to /', () => {
    for (const path of ['/instructor/dashboard', '/participant/dashboard', '/participant/my-profile', '/instructor/my-profile', '/no-such-page', '/category/1/extra', '/reset-password/a/b']) {
      expect(guardRedirect(path, nobody), path).toBe('/');
    }
  });

  it('sends an instructor visiting participant routes to /', () => {
    for (const path of ['/participant/dashboard', '/participant/my-profile', '/participant/my-assessment']) {
      expect(guardRedirect(path, instructor), path).toBe('/');
    }
  });

  it('sends a participant visiting instructor routes to /', () => {
    for (const path of ['/instructor/dashboard', '/instructor/my-profile', '/instructor/assessment-summary']) {
      expect(guardRedirect(path, participant), path).toBe('/');
    }
  });

  it('sends a signed-in instructor opening any login or register screen to /instructor/dashboard', () => {
    for (const path of MEMBER_AUTH) expect(guardRedirect(path, instructor), path).toBe('/instructor/dashboard');
  });

  it('sends a signed-in participant opening any login or register screen to /participant/dashboard', () => {
    for (const path of MEMBER_AUTH) expect(guardRedirect(path, participant), path).toBe('/participant/dashboard');
  });

  it('sends every /admin path but the login to /admin/login without an admin session', () => {
    for (const signedIn of [nobody, instructor, participant]) {
      for (const path of ['/admin', '/admin/dashboard', '/admin/instructor', '/admin/Assessment', '/admin/anything/deeper']) {
        expect(guardRedirect(path, signedIn), path).toBe('/admin/login');
      }
    }
  });

  it('sends a signed-in admin opening /admin/login to /admin/dashboard', () => {
    expect(guardRedirect('/admin/login', admin)).toBe('/admin/dashboard');
  });

  it('replaces the whole app by the admin area while an admin is signed in', () => {
    for (const path of [...PUBLIC_PAGES, ...MEMBER_AUTH, '/instructor/dashboard', '/participant/dashboard', '/nowhere']) {
      expect(guardRedirect(path, admin), path).toBe('/admin/dashboard');
    }
    for (const path of ['/admin', '/admin/dashboard', '/admin/courses']) expect(guardRedirect(path, admin), path).toBeNull();
  });

  it('keeps the public pages open to signed-in instructors and participants', () => {
    for (const signedIn of [instructor, participant]) {
      for (const path of PUBLIC_PAGES) expect(guardRedirect(path, signedIn), path).toBeNull();
    }
  });

  it('lets members into their own area, including unknown paths there (the not-found page)', () => {
    expect(guardRedirect('/instructor/dashboard', instructor)).toBeNull();
    expect(guardRedirect('/instructor/nope', instructor)).toBeNull();
    expect(guardRedirect('/participant/dashboard', participant)).toBeNull();
    expect(guardRedirect('/no-such-page', participant)).toBeNull();
  });

  it('reads paths as the router matches them: any case, trailing slashes, percent-encoding', () => {
    expect(guardRedirect('/ADMIN/Dashboard', nobody)).toBe('/admin/login');
    expect(guardRedirect('/%61dmin/dashboard', nobody)).toBe('/admin/login');
    expect(guardRedirect('/admin/dashboard/', nobody)).toBe('/admin/login');
    expect(guardRedirect('/Participant/Dashboard', instructor)).toBe('/');
    expect(guardRedirect('/Instructor/Login/', participant)).toBe('/participant/dashboard');
    expect(guardRedirect('/About/', nobody)).toBeNull();
    expect(guardRedirect('/category/%E0%A4%A', nobody)).toBeNull();
  });

  it('opens a certificate to anyone, but the lecture player and learner lists only to a participant', () => {
    expect(guardRedirect('/certificate/abcd-efgh-jkmn', nobody)).toBeNull();
    expect(guardRedirect('/CERTIFICATE/ABCD-EFGH-JKMN', instructor)).toBeNull();
    for (const path of ['/participant/learn/12', '/participant/my-courses', '/participant/wishlist', '/participant/orders']) {
      expect(guardRedirect(path, participant), path).toBeNull();
      expect(guardRedirect(path, nobody), path).toBe('/');
      expect(guardRedirect(path, instructor), path).toBe('/');
    }
    expect(guardRedirect('/admin/orders', admin)).toBeNull();
    expect(guardRedirect('/admin/orders', participant)).toBe('/admin/login');
    expect(guardRedirect('/certificate/a/b', nobody)).toBe('/');
  });
});

describe('withReturnTo', () => {
  it('sends a participant signed in on the login page back to returnTo instead of the dashboard', () => {
    expect(withReturnTo('/participant/login', '/participant/dashboard', '/course-details/3')).toBe('/course-details/3');
  });

  it('changes nothing elsewhere, for other roles or without returnTo', () => {
    expect(withReturnTo('/participant/register', '/participant/dashboard', '/course-details/3')).toBe('/participant/dashboard');
    expect(withReturnTo('/instructor/login', '/instructor/dashboard', '/course-details/3')).toBe('/instructor/dashboard');
    expect(withReturnTo('/participant/login', '/participant/dashboard', null)).toBe('/participant/dashboard');
    expect(withReturnTo('/participant/login', null, '/course-details/3')).toBeNull();
  });
});
