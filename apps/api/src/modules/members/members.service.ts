import type { z } from 'zod';
import { AVATAR_WIDTHS, PER_PAGE_DEFAULT, type memberListBody, type MemberRoleName } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { ExportCell } from '../../lib/exports';
import { removeWithCopies } from '../../lib/image-variants';
import { normalizeSearchText, searchTokens } from '../../lib/search-text';
import type { AppContext } from '../../context';
import { createAccountByAdmin, updateAccountByAdmin, type AdminAccountInput } from '../accounts/accounts.service';
import { invalidateCatalog } from '../catalog/catalog.service';
import { endAllSessions } from '../sessions/sessions.service';
import { presentMember } from './members.presenter';
import { backfillUserSearchText, deleteMember, findMember, hasKeptData, memberChunk, memberPage, setDeactivated, type MemberSort } from './members.queries';

type ListBody = z.output<typeof memberListBody>;

function sortOf(config: ListBody['sortConfig']): MemberSort {
  const desc = config?.direction ? config.direction.startsWith('desc') : !config?.key;
  return { key: config?.key ?? 'created_at', desc };
}

const notFound = () => new AppError('api.members.not_found', 404);

async function memberOr404(ctx: AppContext, role: MemberRoleName, id: number) {
  const row = await findMember(ctx.db, role, id);
  if (!row) throw notFound();
  return row;
}

const EXPORT_CHUNK = 1_000;

/**
 * Every member of the role the search and status keep, oldest account first, as export rows (lib/exports.ts): a
 * header in the caller's language, then EXPORT_CHUNK accounts at a time, so memory stays flat however many there are.
 */
export async function* memberExportRows(ctx: AppContext, role: MemberRoleName, q: { search?: string; status?: string }, t: (key: string) => string): AsyncGenerator<ExportCell[]> {
  yield ['id', 'name', 'email', 'phone', 'joined', 'status'].map((k) => t(`api.members.export.${k}`));
  const filter = { role, words: searchTokens(normalizeSearchText(q.search ?? '')), status: q.status === 'active' || q.status === 'deactivated' ? (q.status as 'active' | 'deactivated') : undefined };
  const active = t('api.members.export.active');
  const deactivated = t('api.members.export.deactivated');
  let after = 0;
  for (;;) {
    const rows = await memberChunk(ctx.db, filter, after, EXPORT_CHUNK);
    for (const r of rows) yield [r.id, r.name, r.email, r.phone, r.createdAt.toISOString().slice(0, 10), r.deactivatedAt ? deactivated : active];
    if (rows.length < EXPORT_CHUNK) return;
    after = rows.at(-1)!.id;
  }
}

/** POST /api/admin/{instructor|participant}/list: the search matches name and email whatever the Arabic spelling. */
export async function listMembers(ctx: AppContext, role: MemberRoleName, page: number, body: ListBody) {
  const perPage = body.perPage ?? PER_PAGE_DEFAULT;
  const words = searchTokens(normalizeSearchText(body.search ?? ''));
  const { rows, total } = await memberPage(ctx.db, { role, words, status: body.status || undefined }, sortOf(body.sortConfig), perPage, (page - 1) * perPage);
  return { items: rows.map(presentMember), page, perPage, total };
}

export async function getMember(ctx: AppContext, role: MemberRoleName, id: number) {
  return presentMember(await memberOr404(ctx, role, id));
}

export async function addMember(ctx: AppContext, role: MemberRoleName, input: AdminAccountInput & { password: string }) {
  return presentMember(await createAccountByAdmin(ctx, role, input));
}

export async function updateMember(ctx: AppContext, role: MemberRoleName, id: number, input: AdminAccountInput) {
  const row = await memberOr404(ctx, role, id);
  return presentMember(await updateAccountByAdmin(ctx, row, input));
}

/**
 * An account with data that must stay (courses, orders, submissions, messages…) is deactivated: it can no
 * longer sign in, its sessions end, and an admin can reactivate it. An account with nothing is removed.
 */
export async function deleteOrDeactivate(ctx: AppContext, role: MemberRoleName, id: number): Promise<{ outcome: 'removed' | 'deactivated' }> {
  const row = await memberOr404(ctx, role, id);
  if (await hasKeptData(ctx.db, role, id)) {
    if (!row.deactivatedAt) await setDeactivated(ctx.db, id, new Date());
    await endAllSessions(ctx, id);
    if (role === 'instructor') invalidateCatalog(ctx);
    return { outcome: 'deactivated' };
  }
  // Its sessions go with it; ended first, so its open live streams are told at once.
  await endAllSessions(ctx, id);
  await deleteMember(ctx.db, id);
  if (row.avatar) await removeWithCopies(ctx.storage, row.avatar, AVATAR_WIDTHS);
  return { outcome: 'removed' };
}

export async function reactivateMember(ctx: AppContext, role: MemberRoleName, id: number) {
  const row = await memberOr404(ctx, role, id);
  if (!row.deactivatedAt) return presentMember(row);
  const updated = await setDeactivated(ctx.db, id, null);
  if (role === 'instructor') invalidateCatalog(ctx);
  return presentMember(updated);
}

/** Once at start: accounts whose search text is still empty get it (cheap when there are none). */
export function backfillSearchText(ctx: AppContext) {
  return backfillUserSearchText(ctx.db);
}
