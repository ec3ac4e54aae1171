import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * One notification of `kind` to each of these active accounts that has not turned the kind off, in one statement;
 * returns the rows made (their ids go to the live stream).
 */
export async function insertNotifications(db: Db, userIds: number[], kind: string, params: Record<string, string | number | boolean>, link: string): Promise<{ id: number; userId: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db.execute(sql`
    insert into ${notifications} (user_id, kind, params, link)
    select u.id, ${kind}, ${JSON.stringify(params)}::jsonb, ${link} from ${users} u
    where u.id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}) and u.deactivated_at is null and not (u.bell_opt_outs ? ${kind})
    returning id, user_id`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: number; user_id: number }[] }).rows) as { id: number; user_id: number }[];
  return list.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) }));
}

/**
 * A message's bell: one notification to its recipient, named after the sender, in one statement (the sender's name read
 * in it). Not announced on the bell's channel: the message's own notification already reaches the recipient's streams,
 * and the browser refreshes the bell on it (messages/live.ts).
 */
export async function insertMessageNotification(db: Db, recipientId: number, senderId: number, link: string): Promise<void> {
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, params, link)
    select u.id, 'message', jsonb_build_object('name', (select s.name from ${users} s where s.id = ${senderId})), ${link} from ${users} u
    where u.id = ${recipientId} and u.deactivated_at is null and not (u.bell_opt_outs ? 'message')`);
}

/** An announcement's bell: one notification per copy (each participant's thread), in one statement. */
export async function insertForAnnouncement(db: Db, announcementId: number, params: Record<string, string | number | boolean>): Promise<{ id: number; userId: number }[]> {
  const rows = await db.execute(sql`
    insert into ${notifications} (user_id, kind, params, link)
    select m.to_id, 'announcement', ${JSON.stringify(params)}::jsonb, '/participant/messages?thread=' || m.id from ${messages} m
    join ${users} u on u.id = m.to_id
    where m.announcement_id = ${announcementId} and u.deactivated_at is null and not (u.bell_opt_outs ? 'announcement')
    returning id, user_id`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: number; user_id: number }[] }).rows) as { id: number; user_id: number }[];
  return list.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) }));
}

/** Tells every listening API process of new notifications: ids and recipients only, one statement. */
export async function announceNotifications(db: Db, channel: string, made: { id: number; userId: number }[]): Promise<void> {
  if (made.length === 0) return;
  await db.execute(sql`select pg_notify(${channel}, json_build_object('k', 'n', 'id', n.id, 't', 0, 'u', n.user_id)::text)
    from ${notifications} n where n.id in (${sql.join(made.map((m) => sql`${m.id}`), sql`, `)})`);
}

export async function listNotifications(db: Db, userId: number, page: number, perPage: number) {
  const [rows, [unread], [total]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { rows, unread: unread?.n ?? 0, total: total?.n ?? 0 };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs. */
export async function markRead(db: Db, userId: number, id: number, at: Date): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

export async function markAllRead(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(notifications).set({ readAt: at }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Marks read the user's unread notifications of these kinds whose link is this one (a thread opened). */
export async function markReadByLink(db: Db, userId: number, kinds: string[], link: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), inArray(notifications.kind, kinds), eq(notifications.link, link)));
}

/** The digest's due rows: messages and answers unread since before `before`, never mailed, of up to `users` accounts. */
export async function dueForDigest(db: Db, before: Date, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(isNull(notifications.readAt), isNull(notifications.mailedAt), inArray(notifications.kind, ['message', 'answer']), lte(notifications.createdAt, before)))
    .orderBy(notifications.createdAt)
    .limit(limit);
}

/** Claims these rows for one digest: the ids actually claimed (another process may have taken some). */
export async function claimForDigest(db: Db, ids: number[], at: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ mailedAt: at })
    .where(and(inArray(notifications.id, ids), isNull(notifications.mailedAt), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}
