import type { z } from 'zod';

export const ROLES = ['admin', 'instructor', 'participant'] as const;
export type Role = (typeof ROLES)[number];

/** Who may call a route: nobody signed in needed, or exactly one role's bearer token. */
export type Access = 'public' | Role;

/** The failures a route may answer, each in the error envelope. */
export const ERROR_STATUSES = {
  400: 'The input is refused: `errors` names each field',
  401: 'No valid session: sign in (again)',
  403: 'Signed in, but not allowed: another role, or not yours',
  404: 'Not found (or not visible to you)',
  408: 'The body arrived too slowly (less than 1 KB in 10 s): the connection is closed',
  409: 'Conflicts with the current state: nothing changed',
  412: 'A resumable upload without `Tus-Resumable: 1.0.0`',
  413: 'The body or file is too large',
  415: 'Unsupported content type, or a file that is not what this route accepts',
  416: 'The requested byte range is outside the file',
  429: 'Too many attempts: wait for `Retry-After` seconds',
  500: 'Something went wrong on our side; nothing internal is shown',
  503: 'Busy, or the database cannot be reached for now: try again after `Retry-After` seconds',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

interface RouteBase {
  path: string;
  /**
   * Failures the route's rules answer beyond those its shape implies (see errorStatuses): a 404
   * for a missing course, a 409 for a conflict. The API tests check that no route answers a status
   * it does not list.
   */
  errors?: readonly ErrorStatus[];
  access: Access;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** A multipart/form-data upload (one file in the field `file`); the type is checked by content. */
  multipart?: boolean;
  /** The multipart text fields sent before the file part (documented as the upload's body). */
  multipartFields?: z.ZodObject;
  /** Public routes that read the participant's token when one is sent (and ignore a bad one). */
  optionalAuth?: 'participant';
  /**
   * Limited per address: `login` counts failed credentials (and per account), `register` and `form`
   * every attempt in the window; `search` is a token bucket per account with a valid token (any
   * role), else per address (docs/search.md).
   */
  rateLimit?: 'login' | 'register' | 'form' | 'search';
  /**
   * `<img>` and `<video>` cannot send a bearer header: a signed grant of this type, made for the
   * route's role and passed as `?t=`, may stand in for it. A bearer header, when sent, still decides.
   */
  signedUrl?: 'authoring-preview';
}

/** A route answering the JSON envelope. */
export interface JsonRouteDef extends RouteBase {
  method: 'GET' | 'POST';
  /** The success envelope; failures are always the error envelope. */
  response: z.ZodType;
  file?: never;
  redirect?: never;
}

/** A route answering a file (a stored upload, a rendered PDF); its failures are still the error envelope. */
export interface FileRouteDef extends RouteBase {
  method: 'GET';
  file: {
    /** What the file may be. */
    types: readonly string[];
    /** Answers HTTP Range requests (206), so video seeks start at once. */
    ranges: boolean;
    /**
     * With object storage (STORAGE=s3), a video answers 302 to a short-lived signed URL of the
     * bucket once access is checked; the player sends its Range requests there (docs/storage.md).
     */
    signedRedirect?: boolean;
  };
  response?: never;
  redirect?: never;
}

/**
 * A browser navigation (a sign-in with a third party): it answers 302 to the next page; its
 * refusals before any redirect are still the error envelope.
 */
export interface RedirectRouteDef extends RouteBase {
  method: 'GET';
  redirect: true;
  response?: never;
  file?: never;
}

export type RouteDef = JsonRouteDef | FileRouteDef | RedirectRouteDef;

/**
 * A resumable upload of the tus protocol 1.0.0 (docs/video.md): POST at the path starts one; PATCH (with HEAD,
 * which answers how much arrived) and DELETE act on one at `/:uploadId`. The answers are the protocol's (201 with
 * `Location`, 204 with `Upload-Offset`), but for the last PATCH, which answers the step's envelope; every refusal
 * is the error envelope. Served by @tus/server behind the role check (modules/authoring/resumable-uploads.ts).
 */
export interface ResumableRouteDef extends Omit<RouteBase, 'body' | 'query' | 'multipart' | 'multipartFields'> {
  method: 'POST' | 'PATCH' | 'DELETE';
  resumable: true;
}

/**
 * Every failure status a route may answer: what its shape implies (input -> 400, a role -> 401
 * and 403, a body -> 413 and 415, a rate limit -> 429, byte ranges -> 416, 500 always) and what
 * its rules add (`errors`).
 */
export function errorStatuses(def: RouteDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(def.errors ?? []);
  if (def.body || def.query || def.params || def.multipart) statuses.add(400);
  if (def.access !== 'public' || def.signedUrl) statuses.add(401);
  if (def.access !== 'public') statuses.add(403);
  if (def.method === 'POST') {
    // A body that stops coming (plugins/slow-bodies.ts).
    statuses.add(408);
    statuses.add(413);
    statuses.add(415);
  }
  if (def.rateLimit) statuses.add(429);
  if (def.file?.ranges) statuses.add(416);
  statuses.add(500);
  // Any route may find its database unreachable for a moment (docs/operations.md).
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}
