import { describe, expect, it } from 'vitest';
import { loginWithReturn, safeReturnTo } from './return-to';

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
