import { z } from 'zod';
import { envelope } from './envelope';
import { numeric } from './numbers';
import { ROLES, type Role, type RouteDef } from './route-def';
import { BELL_KINDS, bellOptOuts } from './notifications';
import { session } from './sessions';

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

/**
 * Notification mails (docs/mail.md), each of which a user can turn off in the profile. The password
 * reset mail and the newsletter's own mails are not notifications: never optional here.
 */
export const NOTIFICATION_KINDS = ['welcome', 'course_submitted', 'course_reviewed', 'order_received', 'order_paid', 'order_refunded', 'course_granted', 'assessment_checked', 'assignment_graded', 'certificate_earned', 'review_hidden', 'section_opened', 'notification_digest', 'study_reminder'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds each role receives, as the profile's switches list them. `welcome` is sent when the
 * account is made, before any profile is saved, so it has no switch (it is still a notification kind).
 */
export const NOTIFICATIONS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  participant: ['order_received', 'order_paid', 'order_refunded', 'course_granted', 'assessment_checked', 'assignment_graded', 'certificate_earned', 'review_hidden', 'section_opened', 'notification_digest', 'study_reminder'],
  instructor: ['course_reviewed', 'notification_digest'],
  admin: ['course_submitted', 'notification_digest'],
};

const mailOptOuts = z
  .array(z.enum(NOTIFICATION_KINDS))
  .max(NOTIFICATION_KINDS.length * 2)
  .describe('Notification mails turned off (docs/mail.md); every other kind is sent. Kinds another role receives are ignored');

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
  mail_opt_outs: z.array(z.enum(NOTIFICATION_KINDS)).describe('Notification mails this account turned off'),
  bell_opt_outs: z.array(z.enum(BELL_KINDS)).describe('Kinds of the header\'s notifications this account turned off'),
});
export type Profile = z.infer<typeof profile>;

export const nameOnly = z.object({ name: z.string() });

export const updateProfileBody = z
  .strictObject({
    name,
    email: email.optional(),
    current_password: z.string().max(PASSWORD_MAX).optional().describe('Required when `email` changes'),
    bio: z.string().max(2000).optional(),
    headline: z.string().max(150).optional(),
    phone: z.string().regex(/^[+0-9 ()-]{0,30}$/).optional(),
    mail_opt_outs: mailOptOuts.optional(),
    bell_opt_outs: bellOptOuts.optional(),
  })
  .describe('Profile fields; omitted fields stay as they are. A new email needs the current password');

export const changePasswordBody = z
  .strictObject({
    old_password: z.string().min(1).max(PASSWORD_MAX),
    new_password: password,
  })
  .describe('Other sessions of the account are signed out; this one stays');

export const empty = z.object({});

function accountRoutes<R extends Role>(role: R, paths: { profile: string; changePassword: string }) {
  const base = `/api/${role}`;
  const tags = [`${role} account`];
  return {
    login: {
      method: 'POST', path: `${base}/login`, access: 'public', errors: [401], tags, rateLimit: 'login',
      summary: `Sign in as ${role}`, body: loginBody, response: envelope(session),
    },
    logout: {
      method: 'GET', path: `${base}/logout`, access: role, tags,
      summary: 'Sign out: revokes this session and its refresh tokens', response: envelope(empty),
    },
    profile: {
      method: 'GET', path: `${base}/${paths.profile}`, access: role, tags,
      summary: 'The signed-in account', response: envelope(profile),
    },
    update: {
      method: 'POST', path: `${base}/update`, access: role, errors: [409, 429], tags,
      summary: 'Update the signed-in account', body: updateProfileBody, response: envelope(profile),
    },
    changePassword: {
      method: 'POST', path: `${base}/${paths.changePassword}`, access: role, errors: [429], tags,
      summary: 'Change password; signs out the other sessions', body: changePasswordBody, response: envelope(empty),
    },
    avatar: {
      method: 'POST', path: `${base}/avatar`, access: role, tags, multipart: true,
      summary: 'Upload an avatar (multipart field `file`): JPEG, PNG or WebP by content, at most UPLOAD_IMAGE_MAX_MB', response: envelope(profile),
    },
    removeAvatar: {
      method: 'GET', path: `${base}/avatar/delete`, access: role, tags,
      summary: 'Remove the avatar', response: envelope(profile),
    },
  } satisfies Record<string, RouteDef>;
}

/** Self-service sign-up and the header's name lookup: participants and instructors only. */
function registrationRoutes<R extends 'participant' | 'instructor'>(role: R, registerPath: string) {
  const tags = [`${role} account`];
  return {
    register: {
      method: 'POST', path: `/api/${role}/${registerPath}`, access: 'public', errors: [409], tags, rateLimit: 'register',
      summary: `Create a ${role} account`, body: registerBody, response: envelope(registeredUser),
    },
    name: {
      method: 'GET', path: `/api/${role}/name`, access: role, tags,
      summary: 'The signed-in account name', response: envelope(nameOnly),
    },
  } satisfies Record<string, RouteDef>;
}

export const participantRoutes = accountRoutes('participant', { profile: 'profile', changePassword: 'changepassword' });
export const participantRegistrationRoutes = registrationRoutes('participant', 'register');
// The spec's quirks are the contract: capital R in instructor/Register, change-password with a dash.
export const instructorRoutes = accountRoutes('instructor', { profile: 'profile', changePassword: 'change-password' });
export const instructorRegistrationRoutes = registrationRoutes('instructor', 'Register');
// The admin's profile read is GET /api/admin/edit in the spec.
export const adminRoutes = accountRoutes('admin', { profile: 'edit', changePassword: 'change-password' });

/** The roles that reset a forgotten password by mail (admins are helped by another admin). */
export const RESET_ROLES = ['participant', 'instructor'] as const;
const resetRole = z.enum(RESET_ROLES);

export const forgetPasswordBody = z
  .strictObject({
    email: email.describe('The account\'s email'),
    role: resetRole.describe('Which account of that email: participant or instructor'),
  })
  .describe('Asks for a reset link by mail. The answer is the same whether or not the account exists');

/** The three segments of the mailed link /reset-password/{user}/{id}/{hash}. */
const resetLink = {
  user: resetRole.describe('{user} of the link: the account\'s role'),
  id: numeric(z.number().int().min(1).max(2_147_483_647)).describe('{id} of the link: the account\'s id (a number, or its digits as the link has them)'),
  hash: z.string().min(1).max(200).describe('{hash} of the link: the single-use token (43 characters, base64url), kept only as its SHA-256'),
};

export const checkResetBody = z.strictObject(resetLink).describe('Is this reset link still usable? (valid, unused, under an hour old)');

export const resetLinkInfo = z.object({
  email: z.string().describe('The account the link resets'),
  invitation: z.boolean().describe('A link mailed with an account an admin made (docs/bulk-enrolment.md): the page asks for a first password'),
});

export const resetPasswordBody = z
  .strictObject({
    ...resetLink,
    password: password.describe('The new password: 8 to 128 characters, not a common password'),
    confirm_password: z.string().max(PASSWORD_MAX).describe('The same password again'),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: 'api.passwordReset.mismatch' })
  .describe('Sets a new password with a reset link; the link is used up and every session of the account ends');

/** Forgot password (spec section 7): public, limited per address, never telling whether an account exists. */
export const passwordResetRoutes = {
  forgetPassword: {
    method: 'POST', path: '/api/forget_password', access: 'public', errors: [429], tags: ['password reset'], rateLimit: 'form',
    summary: 'Mail a reset link (at most PASSWORD_RESET_MAX_PER_EMAIL an hour per account); same answer for unknown accounts',
    body: forgetPasswordBody, response: envelope(empty),
  },
  check: {
    method: 'POST', path: '/api/check', access: 'public', errors: [429], tags: ['password reset'], rateLimit: 'login',
    summary: 'Check a reset link before asking for the new password; a bad link is a 400 on `hash` and counts as a failed sign-in',
    body: checkResetBody, response: envelope(resetLinkInfo),
  },
  resetPassword: {
    method: 'POST', path: '/api/reset_password', access: 'public', errors: [429], tags: ['password reset'], rateLimit: 'login',
    summary: 'Set a new password with a reset link; ends every session of the account',
    body: resetPasswordBody, response: envelope(empty),
  },
} satisfies Record<string, RouteDef>;
