/**
 * A `returnTo` value the login page may follow: a same-site path only. It must start with one '/',
 * never '//' or '/\' (both leave the site in browsers), and hold no scheme, control characters or backslashes.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((c) => c < ' ' || c === '\u007f')) return null;
  try {
    const url = new URL(value, 'https://nibras.invalid');
    if (url.origin !== 'https://nibras.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The participant login link that brings the visitor back to `returnTo` afterwards. */
export function loginWithReturn(loginPath: string, returnTo: string): string {
  return `${loginPath}?${new URLSearchParams({ returnTo }).toString()}`;
}
