function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The router matches decoded paths case-insensitively (/ADMIN/%64ashboard renders the
 * admin dashboard), so the guard must read paths the same way or it could be walked around.
 */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeSegment(segment).toLowerCase());
}

export function matchesPattern(segments: readonly string[], pattern: string): boolean {
  const parts = pathSegments(pattern);
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
}

export function matchesAny(segments: readonly string[], list: readonly string[]): boolean {
  return list.some((pattern) => matchesPattern(segments, pattern));
}
