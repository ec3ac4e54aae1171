import { describe, expect, it } from 'vitest';
import { guardRedirect, signOutRedirect, withReturnTo, type SignedIn } from './route-guard-rules';
import { paths } from '../config/paths';

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

  it('sends a visitor without an instructor or participant session from any route outside the public list and the two member areas to /', () => {
    for (const path of ['/no-such-page', '/category/1/extra', '/reset-password/a/b']) {
      expect(guardRedirect(path, nobody), path).toBe('/');
    }
  });

  it('sends a visitor without a session from a member area to that role\'s login, the page carried as returnTo (decision 016)', () => {
    expect(guardRedirect('/participant/my-profile', nobody)).toBe('/participant/login?returnTo=%2Fparticipant%2Fmy-profile');
    expect(guardRedirect('/instructor/my-profile', nobody)).toBe('/instructor/login?returnTo=%2Finstructor%2Fmy-profile');
    expect(guardRedirect('/participant/learn/12', nobody)).toBe('/participant/login?returnTo=%2Fparticipant%2Flearn%2F12');
    // The query comes along: a message thread, a page of a list.
    expect(guardRedirect('/participant/messages', nobody, '?thread=5')).toBe('/participant/login?returnTo=%2Fparticipant%2Fmessages%3Fthread%3D5');
    expect(guardRedirect('/instructor/assessment-summary', nobody, '?status=pending')).toBe('/instructor/login?returnTo=%2Finstructor%2Fassessment-summary%3Fstatus%3Dpending');
    // The area's start needs no returnTo: signing in leads there anyway.
    for (const role of ['instructor', 'participant'] as const) {
      expect(guardRedirect(`/${role}/dashboard`, nobody)).toBe(`/${role}/login`);
      expect(guardRedirect(`/${role}`, nobody)).toBe(`/${role}/login`);
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

  it('sends every /admin path but the login to /admin/login without an admin session, the page carried as returnTo (decision 016)', () => {
    for (const signedIn of [nobody, instructor, participant]) {
      for (const path of ['/admin', '/admin/dashboard']) expect(guardRedirect(path, signedIn), path).toBe('/admin/login');
      for (const path of ['/admin/instructor', '/admin/Assessment', '/admin/anything/deeper', '/admin/courses/12']) {
        expect(guardRedirect(path, signedIn), path).toBe(`/admin/login?returnTo=${encodeURIComponent(path)}`);
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
    expect(guardRedirect('/%69nstructor/dashboard', nobody)).toBe('/instructor/login');
    expect(guardRedirect('/Participant/Orders', nobody)).toBe('/participant/login?returnTo=%2FParticipant%2FOrders');
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
      expect(guardRedirect(path, nobody), path).toBe(`/participant/login?returnTo=${encodeURIComponent(path)}`);
      expect(guardRedirect(path, instructor), path).toBe('/');
    }
    expect(guardRedirect('/admin/orders', admin)).toBeNull();
    expect(guardRedirect('/admin/orders', participant)).toBe('/admin/login?returnTo=%2Fadmin%2Forders');
    expect(guardRedirect('/certificate/a/b', nobody)).toBe('/');
  });

  it('opens the coupons screens to their own role only', () => {
    expect(guardRedirect(paths.coupons('admin'), admin)).toBeNull();
    expect(guardRedirect(paths.coupons('admin'), instructor)).toBe('/admin/login?returnTo=%2Fadmin%2Fcoupons');
    expect(guardRedirect(paths.coupons('instructor'), instructor)).toBeNull();
    expect(guardRedirect(paths.coupons('instructor'), nobody)).toBe('/instructor/login?returnTo=%2Finstructor%2Fcoupons');
    expect(guardRedirect(paths.coupons('instructor'), participant)).toBe('/');
  });
});

describe('signOutRedirect', () => {
  it('keeps the page as returnTo when the session ended by itself (expired, refused), so its link still works after signing in', () => {
    for (const reason of ['expired', 'unauthorized', 'refresh-failed'] as const) {
      expect(signOutRedirect({ role: 'participant', reason }, '/participant/learn/12', '')).toBe('/participant/login?returnTo=%2Fparticipant%2Flearn%2F12');
      expect(signOutRedirect({ role: 'admin', reason }, '/admin/courses/4', '?tab=review')).toBe('/admin/login?returnTo=%2Fadmin%2Fcourses%2F4%3Ftab%3Dreview');
    }
  });

  it('goes to the plain login page after a sign-out the user asked for, from the dashboard, or from another role\'s page', () => {
    expect(signOutRedirect({ role: 'participant', reason: 'user' }, '/participant/learn/12', '')).toBe('/participant/login');
    expect(signOutRedirect({ role: 'participant', reason: 'other-tab' }, '/participant/learn/12', '')).toBe('/participant/login');
    expect(signOutRedirect({ role: 'participant', reason: 'expired' }, '/participant/dashboard', '')).toBe('/participant/login');
    expect(signOutRedirect({ role: 'instructor', reason: 'expired' }, '/participant/learn/12', '')).toBe('/instructor/login');
  });
});

describe('withReturnTo', () => {
  it('sends anyone signed in on their role\'s login page to a returnTo of their own area instead of the dashboard', () => {
    expect(withReturnTo('/participant/login', '/participant/dashboard', '/course-details/3')).toBe('/course-details/3');
    expect(withReturnTo('/participant/login', '/participant/dashboard', '/participant/learn/12')).toBe('/participant/learn/12');
    expect(withReturnTo('/instructor/login', '/instructor/dashboard', '/instructor/courses/3')).toBe('/instructor/courses/3');
    expect(withReturnTo('/admin/login', '/admin/dashboard', '/admin/courses/3')).toBe('/admin/courses/3');
  });

  it('changes nothing elsewhere, for a returnTo the role may not follow, or without returnTo', () => {
    expect(withReturnTo('/participant/register', '/participant/dashboard', '/course-details/3')).toBe('/participant/dashboard');
    expect(withReturnTo('/participant/login', '/participant/dashboard', '/instructor/courses/3')).toBe('/participant/dashboard');
    expect(withReturnTo('/participant/login', '/participant/dashboard', '//evil.example')).toBe('/participant/dashboard');
    expect(withReturnTo('/admin/login', '/admin/dashboard', '/course-details/3')).toBe('/admin/dashboard');
    // An instructor on the participant login page goes to their own dashboard, whatever it carries.
    expect(withReturnTo('/participant/login', '/instructor/dashboard', '/participant/learn/12')).toBe('/instructor/dashboard');
    expect(withReturnTo('/participant/login', '/participant/dashboard', null)).toBe('/participant/dashboard');
    expect(withReturnTo('/participant/login', null, '/course-details/3')).toBeNull();
  });
});
