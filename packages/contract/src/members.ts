import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData, pageQuery } from './envelope';
import { PASSWORD_MAX, PASSWORD_MIN } from './accounts';
import type { RouteDef } from './route-def';

/** The two kinds of account an admin manages here; admins themselves are not listed. */
export const MEMBER_ROLES = ['instructor', 'participant'] as const;
export type MemberRoleName = (typeof MEMBER_ROLES)[number];

export const MEMBER_SORT_KEYS = ['name', 'email', 'created_at'] as const;
export const MEMBER_STATUSES = ['active', 'deactivated'] as const;

export const memberListBody = z
  .strictObject({
    search: z.string().max(200).optional().describe('Part of the name or email; Arabic spelling variants match (lib/search-text.ts)'),
    sortConfig: z
      .strictObject({
        key: z.enum(MEMBER_SORT_KEYS).optional(),
        direction: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
      })
      .nullable()
      .optional()
      .describe('Default: created_at, descending'),
    perPage: numeric(z.number().int().min(1).max(100)).optional().describe('Default 10'),
    status: z.union([z.enum(MEMBER_STATUSES), z.literal('')]).optional().describe('"" or absent: both'),
  })
  .describe('Member list filters');

export const member = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  headline: z.string(),
  bio: z.string(),
  createdAt: z.string(),
  /** null while the account may sign in. */
  deactivatedAt: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
});
export type Member = z.infer<typeof member>;

const memberName = z.string().trim().min(2).max(100);
const memberEmail = z.email().max(254).describe('Unique per role, case-insensitively');
const memberFields = {
  name: memberName,
  email: memberEmail,
  phone: z.string().regex(/^[+0-9 ()-]{0,30}$/).optional(),
  headline: z.string().max(150).optional(),
  bio: z.string().max(2000).optional(),
};

export const memberAddBody = z
  .strictObject({ ...memberFields, password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).describe('8 to 128 characters, not a common password') })
  .describe('A new account, created by an admin');

export const memberUpdateBody = z
  .strictObject({
    ...memberFields,
    password: z
      .union([z.literal(''), z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)])
      .optional()
      .describe('Empty or absent: unchanged. A new password signs the account out everywhere'),
  })
  .describe('Account fields; omitted optional fields stay as they are');

export const memberDeleted = z.object({
  outcome: z.enum(['removed', 'deactivated']).describe('removed: the account had nothing; deactivated: it has courses, orders or submissions, which stay'),
});

export const memberExportQuery = z.strictObject({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv: UTF-8 with a byte order mark, formula-like cells defused; xlsx: a spreadsheet, right to left in Arabic'),
  search: z.string().max(200).optional().describe('As the list\'s search'),
  status: z.union([z.enum(MEMBER_STATUSES), z.literal('')]).optional(),
});

function memberRoutes<R extends MemberRoleName>(role: R) {
  const base = `/api/admin/${role}`;
  const tags = [`admin ${role}s`];
  return {
    list: {
      method: 'POST', path: `${base}/list`, access: 'admin', tags,
      summary: `${role}s, searched, sorted and paginated`, query: pageQuery, body: memberListBody, response: envelope(listData(member)),
    },
    add: {
      method: 'POST', path: `${base}/add`, access: 'admin', errors: [409], tags,
      summary: `Create a ${role} account (a taken email is a field error)`, body: memberAddBody, response: envelope(member),
    },
    edit: {
      method: 'GET', path: `${base}/edit/:id`, access: 'admin', errors: [404], tags,
      summary: `One ${role}`, params: idParam, response: envelope(member),
    },
    update: {
      method: 'POST', path: `${base}/update/:id`, access: 'admin', errors: [404, 409], tags,
      summary: `Update a ${role}`, params: idParam, body: memberUpdateBody, response: envelope(member),
    },
    delete: {
      method: 'GET', path: `${base}/delete/:id`, access: 'admin', errors: [404], tags,
      summary: `Remove a ${role}; one with courses, orders or submissions is deactivated instead (signed out, data kept)`,
      params: idParam, response: envelope(memberDeleted),
    },
    export: {
      method: 'GET', path: `${base}/export`, access: 'admin', tags, query: memberExportQuery,
      summary: `Every ${role} the search and status keep, oldest account first, as CSV or XLSX, streamed: id, name, email, phone, joined, status; headers in the caller's language`,
      file: { types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], ranges: false },
    },
    reactivate: {
      method: 'POST', path: `${base}/reactivate/:id`, access: 'admin', errors: [404], tags,
      summary: `Let a deactivated ${role} sign in again`, params: idParam, response: envelope(member),
    },
  } satisfies Record<string, RouteDef>;
}

export const memberRoutesByRole = {
  instructor: memberRoutes('instructor'),
  participant: memberRoutes('participant'),
};
