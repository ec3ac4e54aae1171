import { mailLinks, type BellKind, type Notification, type Role } from '@nibras/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/auth';
import { notifyUser, siteLink } from '../mail/mail.service';
import type { DigestItem } from '../mail/mail.templates';
import {
  announceNotifications,
  claimForDigest,
  dueForDigest,
  insertForAnnouncement,
  insertMessageNotification,
  insertNotifications,
  listNotifications,
  markAllRead,
  markRead,
  markReadByLink,
  unreadCount,
  type NotificationRow,
} from './notifications.queries';

/** The channel new notifications are announced on (ids only); the live stream listens to it (messages/live.ts). */
export const BELL_CHANNEL = 'nibras_bell';
const PER_PAGE = 20;

/**
 * A notification of `kind` to each of these accounts (docs/notifications.md), unless one turned the kind off or
 * is deactivated; their open pages hear of it over the live stream. Called after the change it reports is
 * committed, and like the notification mails it never fails the request that caused it.
 */
export async function notify(ctx: Pick<AppContext, 'db' | 'log'>, userIds: number | number[], kind: BellKind, params: Record<string, string | number | boolean>, link: string): Promise<void> {
  try {
    const made = await insertNotifications(ctx.db, Array.isArray(userIds) ? userIds : [userIds], kind, params, link);
    await announceNotifications(ctx.db, BELL_CHANNEL, made);
  } catch (error) {
    ctx.log('error', 'a notification could not be stored', error);
  }
}

/** A new message's bell to its recipient (one statement; the message's own live event refreshes the bell). */
export async function notifyMessageRecipient(ctx: Pick<AppContext, 'db' | 'log'>, recipientId: number, senderId: number, link: string): Promise<void> {
  try {
    await insertMessageNotification(ctx.db, recipientId, senderId, link);
  } catch (error) {
    ctx.log('error', 'a notification could not be stored', error);
  }
}

/** A course announcement's bell, one per participant's copy (its link opens their thread). */
export async function notifyAnnouncementCopies(ctx: AppContext, announcementId: number, params: Record<string, string | number | boolean>): Promise<void> {
  try {
    await announceNotifications(ctx.db, BELL_CHANNEL, await insertForAnnouncement(ctx.db, announcementId, params));
  } catch (error) {
    ctx.log('error', 'the notifications of an announcement could not be stored', error);
  }
}

/** The user's notifications of a thread, an answer's question...: read once its page is opened. */
export async function readByLink(ctx: AppContext, userId: number, kinds: BellKind[], link: string): Promise<void> {
  await markReadByLink(ctx.db, userId, kinds, link, new Date(ctx.now()));
}

function present(row: NotificationRow): Notification {
  return { id: row.id, kind: row.kind as BellKind, params: row.params, link: row.link, createdAt: row.createdAt.toISOString(), read: row.readAt !== null };
}

export async function listFor(ctx: AppContext, user: RequestUser, page: number) {
  const { rows, unread, total } = await listNotifications(ctx.db, user.id, page, PER_PAGE);
  return { items: rows.map(present), page, perPage: PER_PAGE, total, unread };
}

export async function unreadFor(ctx: AppContext, user: RequestUser) {
  return { unread: await unreadCount(ctx.db, user.id) };
}

export async function readOne(ctx: AppContext, user: RequestUser, id: number) {
  if (!(await markRead(ctx.db, user.id, id, new Date(ctx.now())))) throw new AppError('api.notifications.not_found', 404);
  return unreadFor(ctx, user);
}

export async function readAll(ctx: AppContext, user: RequestUser) {
  await markAllRead(ctx.db, user.id, new Date(ctx.now()));
  return { unread: 0 };
}

/** At most this many notifications listed in one digest; the rest counted. */
const DIGEST_LINES = 10;
/** Rows looked at per sweep. */
const DIGEST_BATCH = 500;

/**
 * The digest mails (docs/notifications.md): every message or answer unread for NOTIFY_DIGEST_MINUTES and never
 * mailed, one mail per person for all of theirs. Rows are claimed (mailed_at) before the mail is queued, so two
 * processes sweeping at once, or a second sweep, never mail one twice. Returns how many mails were queued.
 */
export async function sendDigests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await dueForDigest(ctx.db, new Date(now - ctx.config.notifyDigestMinutes * 60_000), DIGEST_BATCH);
  const byUser = new Map<number, NotificationRow[]>();
  for (const row of due) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  let mailed = 0;
  for (const [userId, rows] of byUser) {
    const claimed = new Set(await claimForDigest(ctx.db, rows.map((r) => r.id), new Date(now)));
    const mine = rows.filter((r) => claimed.has(r.id));
    if (mine.length === 0) continue;
    const items: DigestItem[] = mine.slice(0, DIGEST_LINES).map((r) => ({ kind: r.kind as DigestItem['kind'], from: String(r.params.name ?? ''), about: String(r.params.course ?? r.params.title ?? '') }));
    const sent = await notifyUser(ctx, userId, (to) => ({
      kind: 'notification_digest',
      params: { name: to.name, items, more: mine.length - items.length, link: siteLink(ctx, mailLinks.dashboard(to.role as Role)) },
    }));
    if (sent) mailed += 1;
  }
  return mailed;
}

/** The digest's sweep, every minute from the server's start to its close (not in test apps: tests call sendDigests). */
export function startDigests(ctx: AppContext, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start() {
      timer = setInterval(() => {
        running = sendDigests(ctx).catch(onError);
      }, 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
