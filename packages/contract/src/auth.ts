import { z } from 'zod';

export const ROLES = ['admin', 'instructor', 'participant'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z.email().max(254).describe('Email address; unique per role, case-insensitively');
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const name = z.string().trim().min(2).max(100);

export const registerBody = z
  .strictObject({ name, email, password: password.describe('8 to 128 characters, not a common password') })
  .describe('New account');

export const registeredUser = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const loginBody = z
  .strictObject({
    email: z.string().max(254),
    password: z.string().max(PASSWORD_MAX),
    returnSecureToken: z.literal(true).describe('Always true, as the spec sends it').optional(),
  })
  .describe('Credentials; a wrong password and an unknown email get the same 401');

/** The spec's session (section 3): what login and refresh return. */
export const session = z.object({
  email: z.string(),
  token: z.string().describe('Short-lived access token (JWT, bearer)'),
  localId: z.string().describe('The user id'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
  refreshToken: z.string().describe('Single-use refresh token; rotated on every refresh'),
  message: z.string(),
  role: z.enum(ROLES),
});
export type Session = z.infer<typeof session>;

export const refreshBody = z.strictObject({ refreshToken: z.string().min(1).max(200) });

export const profile = z.object({
  id: z.number().int(),
  role: z.enum(ROLES),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  headline: z.string(),
  phone: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const nameOnly = z.object({ name: z.string() });

export const updateProfileBody = z
  .strictObject({
    name,
    email: email.optional(),
    bio: z.string().max(2000).optional(),
    headline: z.string().max(150).optional(),
    phone: z.string().regex(/^[+0-9 ()-]{0,30}$/).optional(),
  })
  .describe('Profile fields; omitted fields stay as they are');

export const changePasswordBody = z
  .strictObject({
    old_password: z.string().min(1).max(PASSWORD_MAX),
    new_password: password,
  })
  .describe('Other sessions of the account are signed out; this one stays');

export const empty = z.object({});
