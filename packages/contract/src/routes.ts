import { z } from 'zod';
import {
  changePasswordBody,
  empty,
  loginBody,
  nameOnly,
  profile,
  refreshBody,
  registerBody,
  registeredUser,
  session,
  updateProfileBody,
  type Role,
} from './auth';
import { categoryNameList } from './categories';
import { categoryPage, categoryPageQuery, courseDetails, courseDetailsBody, homeData, reviewList } from './catalog';
import { pageQuery } from './envelope';
import { envelope } from './envelope';

/** Who may call a route: nobody signed in needed, or exactly one role's bearer token. */
export type Access = 'public' | Role;

export interface RouteDef {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** A multipart/form-data upload (one file in the field `file`); the type is checked by content. */
  multipart?: boolean;
  /** Public routes that read the participant's token when one is sent (and ignore a bad one). */
  optionalAuth?: 'participant';
  /** Public routes that try credentials: limited per address and per account. */
  rateLimit?: 'login' | 'register' | 'form';
}

function accountRoutes<R extends Role>(role: R, paths: { profile: string; changePassword: string }) {
  const base = `/api/${role}`;
  const tags = [`${role} account`];
  return {
    login: {
      method: 'POST', path: `${base}/login`, access: 'public', tags, rateLimit: 'login',
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
      method: 'POST', path: `${base}/update`, access: role, tags,
      summary: 'Update the signed-in account', body: updateProfileBody, response: envelope(profile),
    },
    changePassword: {
      method: 'POST', path: `${base}/${paths.changePassword}`, access: role, tags,
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
      method: 'POST', path: `/api/${role}/${registerPath}`, access: 'public', tags, rateLimit: 'register',
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

export const sessionRoutes = {
  refresh: {
    method: 'POST', path: '/api/auth/refresh', access: 'public', tags: ['session'], rateLimit: 'login',
    summary: 'Exchange a refresh token for a new session; a reused refresh token revokes its whole family',
    body: refreshBody, response: envelope(session),
  },
} satisfies Record<string, RouteDef>;

export const categoryRoutes = {
  nameList: {
    method: 'GET', path: '/api/category/namelist', access: 'public', tags: ['categories'],
    summary: 'Every category with its Arabic and English name', response: envelope(categoryNameList),
  },
} satisfies Record<string, RouteDef>;

const idOrSlug = z.strictObject({ id: z.string().min(1).max(120).describe('Category id or slug') });
const courseId = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const catalogRoutes = {
  home: {
    method: 'GET', path: '/api/public/home', access: 'public', tags: ['catalog'],
    summary: 'Home page: top and newest courses, categories with course counts, footer categories', response: envelope(homeData),
  },
  category: {
    method: 'GET', path: '/api/public/category/:id', access: 'public', tags: ['catalog'],
    summary: 'A category (by id or slug) and its public courses, paginated and sorted',
    params: idOrSlug, query: categoryPageQuery, response: envelope(categoryPage),
  },
  details: {
    method: 'POST', path: '/api/course/:id/b', access: 'public', optionalAuth: 'participant', tags: ['catalog'],
    summary: 'Course details: outline, free previews, instructor, ratings, reviews, similar courses; with a participant token also enrolled/wishlisted',
    params: courseId, body: courseDetailsBody, response: envelope(courseDetails),
  },
  reviews: {
    method: 'GET', path: '/api/public/course/:id/reviews', access: 'public', tags: ['catalog'],
    summary: 'Reviews of a public course, newest first', params: courseId, query: pageQuery, response: envelope(reviewList),
  },
} satisfies Record<string, RouteDef>;
