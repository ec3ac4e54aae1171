import type { z } from 'zod';

export const ROLES = ['admin', 'instructor', 'participant'] as const;
export type Role = (typeof ROLES)[number];

/** Who may call a route: nobody signed in needed, or exactly one role's bearer token. */
export type Access = 'public' | Role;

interface RouteBase {
  path: string;
  access: Access;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** A multipart/form-data upload (one file in the field `file`); the type is checked by content. */
  multipart?: boolean;
  /** Public routes that read the participant's token when one is sent (and ignore a bad one). */
  optionalAuth?: 'participant';
  /** Public routes that try credentials: limited per address and per account. */
  rateLimit?: 'login' | 'register' | 'form';
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
}

/** A route answering a file (a stored upload, a rendered PDF); its failures are still the error envelope. */
export interface FileRouteDef extends RouteBase {
  method: 'GET';
  file: {
    /** What the file may be. */
    types: readonly string[];
    /** Answers HTTP Range requests (206), so video seeks start at once. */
    ranges: boolean;
  };
  response?: never;
}

export type RouteDef = JsonRouteDef | FileRouteDef;
