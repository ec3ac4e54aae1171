import { describe, expect, it } from 'vitest';
import { loginWithReturn, safeReturnTo, signInDestination } from './return-to';

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/course-details/12')).toBe('/course-details/12');
    expect(safeReturnTo('/search?q=%D8%A8&page=2')).toBe('/search?q=%D8%A8&page=2');
  });

  it('refuses other sites, schemes and odd input', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'course-details/1', '', null, undefined, '/\tx', '/a\\b']) {
      expect(safeReturnTo(bad)).toBeNull();
    }
  });

  it('builds the login link with an encoded returnTo', () => {
    expect(loginWithReturn('/participant/login', '/course-details/3')).toBe('/participant/login?returnTo=%2Fcourse-details%2F3');
  });
});

describe('signInDestination: where returnTo may lead after signing in (decision 016)', () => {
  it('keeps a page of the role\'s own area, with its query and fragment', () => {
    expect(signInDestination('participant', '/participant/learn/12')).toBe('/participant/learn/12');
    expect(signInDestination('participant', '/participant/messages?thread=5')).toBe('/participant/messages?thread=5');
    expect(signInDestination('participant', '/participant/my-assessment/7#result')).toBe('/participant/my-assessment/7#result');
    expect(signInDestination('instructor', '/instructor/courses/3')).toBe('/instructor/courses/3');
    expect(signInDestination('admin', '/admin/courses/3')).toBe('/admin/courses/3');
    // As the router reads it: any case, percent-encoded.
    expect(signInDestination('participant', '/Participant/Orders')).toBe('/Participant/Orders');
    expect(signInDestination('admin', '/%61dmin/courses/3')).toBe('/%61dmin/courses/3');
  });

  it('keeps a public page for members (the course where signing in was asked for), not for the admin', () => {
    expect(signInDestination('participant', '/course-details/3')).toBe('/course-details/3');
    expect(signInDestination('instructor', '/search?q=x')).toBe('/search?q=x');
    expect(signInDestination('admin', '/course-details/3')).toBeNull();
  });

  it('refuses another role\'s area, sign-in screens and paths that climb out of the area', () => {
    expect(signInDestination('participant', '/instructor/courses/3')).toBeNull();
    expect(signInDestination('participant', '/admin/courses/3')).toBeNull();
    expect(signInDestination('instructor', '/participant/learn/12')).toBeNull();
    expect(signInDestination('admin', '/participant/orders')).toBeNull();
    for (const role of ['participant', 'instructor'] as const) {
      for (const screen of ['login', 'register', 'forgot-password', 'google/login']) expect(signInDestination(role, `/${role}/${screen}`), screen).toBeNull();
    }
    expect(signInDestination('admin', '/admin/login')).toBeNull();
    expect(signInDestination('participant', '/participant/../admin/dashboard')).toBeNull();
    expect(signInDestination('participant', '/participant/%2e%2e/admin/dashboard')).toBeNull();
    expect(signInDestination('participant', '/no-such-page')).toBeNull();
  });

  it('refuses every way off the site: protocol-relative, backslashes, absolute URLs, schemes, control characters', () => {
    const offSite = [
      '//evil.example',
      '//evil.example/participant/learn/1',
      // Hosts named like an area: only the single leading '/' check stops these.
      '//participant/learn/1',
      '//instructor/courses/3',
      '//admin/courses/3',
      '/\\participant/learn/1',
      '/\\admin/courses/3',
      '/\\evil.example',
      '/\\evil.example/participant/learn/1',
      '\\\\evil.example/participant',
      'https://evil.example/participant/learn/1',
      'http:/participant/learn/1',
      'javascript:alert(1)',
      'JavaScript:alert(1)//participant/',
      'data:text/html,<script>alert(1)</script>',
      '/participant\\..\\..\\evil.example',
      '/\t/evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/participant/learn/1\n',
      'participant/learn/1',
      ' /participant/learn/1',
      '',
      null,
      undefined,
    ];
    for (const role of ['participant', 'instructor', 'admin'] as const) {
      for (const value of offSite) expect(signInDestination(role, value), `${role} ${JSON.stringify(value)}`).toBeNull();
    }
  });
});
