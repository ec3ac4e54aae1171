import { MESSAGE_THREADS_PER_PAGE, MESSAGES_PER_PAGE, mailLinks, type MessageContact, type MessageThread, type Role } from '@nibras/contract';
import { notifyAnnouncementCopies, notifyMessageRecipient, readByLink } from '../notifications/notifications.service';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hitPerClockMinute } from '../../lib/rate-limiter';
import { sanitizePlainText, withoutInvisibleControls } from '../../lib/sanitize';
import {
  activeAdmins,
  coursesByIds,
  enrolmentContacts,
  findMessage,
  findPerson,
  insertAnnouncement,
  insertMessage,
  markThreadRead,
  messagesByIds,
  notifyAnnouncement,
  notifyMessage,
  notifyRead,
  ownedCourse,
  peopleByIds,
  recipientOf,
  searchPeople,
  threadMessages,
  threadPage,
  threadStats,
  unreadCount,
  userMessagePage,
  type MessageRow,
  type PersonRow,
  type ThreadRow,
} from './messages.queries';
import { presentMessage, presentPerson } from './messages.presenter';

export interface Sender {
  id: number;
  role: Role;
}

export interface SendInput {
  Toid?: number | undefined;
  ReplyTo?: Role | undefined;
  msg: string;
  parentid?: number | null | undefined;
  course_id?: number | null | undefined;
}

const forbidden = (field: string, code = 'api.messages.not_allowed') => new AppError(code, 403, { fields: { [field]: code } });

/** Every message and announcement counts against the sender's budget per minute of the clock. */
function countSend(ctx: AppContext, sender: Sender) {
  return hitPerClockMinute(ctx.limiter, `messages:${sender.id}`, ctx.config.rateLimits.messagesPerMinute, 'api.messages.too_many', ctx.now());
}

/** The text a reader sees: no markup and no invisible controls (a right-to-left override can disguise a link or a file name). */
function cleanText(text: string, field = 'msg'): string {
  const clean = sanitizePlainText(withoutInvisibleControls(text));
  if (!clean) throw new AppError('api.validation.failed', 400, { fields: { [field]: 'api.messages.empty' } });
  return clean;
}

/**
 * Who may start a conversation with whom (docs/messages.md): anyone with an admin, an admin with
 * anyone, a participant with the instructor of a course they are enrolled in (and back). Answers
 * the courses the two share (empty for pairs with an admin).
 */
function mayWrite(sender: Sender, recipient: PersonRow & { shared: number[] }): number[] | null {
  if (sender.role === 'admin' || recipient.role === 'admin') return [];
  // `shared` holds the courses of either one that the other is enrolled in: only a participant and an instructor share any.
  if ((sender.role === 'participant' && recipient.role === 'instructor') || (sender.role === 'instructor' && recipient.role === 'participant')) {
    return recipient.shared.length ? recipient.shared : null;
  }
  return null;
}

/** The thread a message id belongs to, if the user is one of its two people. */
async function threadOf(ctx: AppContext, userId: number, id: number): Promise<MessageRow> {
  const found = await findMessage(ctx.db, id);
  const root = found && found.parentId !== null ? await findMessage(ctx.db, found.parentId) : found;
  if (!root) throw new AppError('api.messages.thread_not_found', 404, { fields: { parentid: 'api.messages.thread_not_found' } });
  if (root.fromId !== userId && root.toId !== userId) throw forbidden('parentid', 'api.messages.not_your_thread');
  return root;
}

export async function sendMessage(ctx: AppContext, sender: Sender, body: SendInput) {
  const text = cleanText(body.msg);
  let recipient: PersonRow | undefined;
  let parentId: number | null = null;
  let courseId: number | null = null;
  if (body.parentid) {
    const root = await threadOf(ctx, sender.id, body.parentid);
    parentId = root.id;
    courseId = root.courseId;
    recipient = await findPerson(ctx.db, root.fromId === sender.id ? root.toId : root.fromId);
    if (!recipient) throw new AppError('api.messages.recipient_not_found', 404, { fields: { parentid: 'api.messages.recipient_not_found' } });
  } else {
    // The recipient and the courses the two share: one prepared statement.
    const found = await recipientOf(ctx.db, sender.id, body.Toid!);
    if (!found) throw new AppError('api.messages.recipient_not_found', 404, { fields: { Toid: 'api.messages.recipient_not_found' } });
    if (found.id === sender.id) throw forbidden('Toid', 'api.messages.not_to_self');
    recipient = found;
    const shared = mayWrite(sender, found);
    if (!shared) throw forbidden('Toid');
    if (body.course_id) {
      if (!shared.includes(body.course_id)) throw forbidden('course_id', 'api.messages.course_not_shared');
      courseId = body.course_id;
    } else if (shared.length === 1) courseId = shared[0]!;
  }
  if (body.ReplyTo && body.ReplyTo !== recipient.role) {
    throw new AppError('api.validation.failed', 400, { fields: { ReplyTo: 'api.messages.wrong_recipient_role' } });
  }
  if (recipient.deactivatedAt) {
    throw new AppError('api.messages.recipient_deactivated', 409, { fields: { [parentId ? 'parentid' : 'Toid']: 'api.messages.recipient_deactivated' } });
  }
  await countSend(ctx, sender);
  const row = await insertMessage(ctx.db, {
    fromId: sender.id,
    toId: recipient.id,
    replyFrom: sender.role,
    replyTo: recipient.role,
    msg: text,
    parentId,
    courseId,
  });
  await notifyMessage(ctx.db, row.id);
  await notifyMessageRecipient(ctx, recipient.id, sender.id, mailLinks.messageThread(recipient.role, row.parentId ?? row.id));
  return presentMessage(row);
}

async function presentThreads(ctx: AppContext, ownerId: number, rows: ThreadRow[]): Promise<MessageThread[]> {
  const [people, lasts, courseMap] = await Promise.all([
    peopleByIds(ctx.db, [ownerId, ...rows.flatMap((r) => [r.fromId, r.toId])]),
    messagesByIds(ctx.db, rows.map((r) => r.lastId)),
    coursesByIds(ctx.db, rows.flatMap((r) => (r.courseId ? [r.courseId] : []))),
  ]);
  return rows.map((r) => {
    const otherId = r.fromId === ownerId ? r.toId : r.fromId;
    return {
      id: r.id,
      other: presentPerson(people.get(otherId), otherId),
      owner: presentPerson(people.get(ownerId), ownerId),
      course: r.courseId ? (courseMap.get(r.courseId) ?? null) : null,
      announcement: r.announcementId !== null,
      last: presentMessage(lasts.get(r.lastId)!),
      unread: r.unread,
      count: r.count,
    };
  });
}

export async function listThreads(ctx: AppContext, ownerId: number, page: number) {
  const perPage = MESSAGE_THREADS_PER_PAGE;
  const [{ rows, total }, unread] = await Promise.all([threadPage(ctx.db, ownerId, perPage, (page - 1) * perPage), unreadCount(ctx.db, ownerId)]);
  return { items: await presentThreads(ctx, ownerId, rows), page, perPage, total, unread };
}

/** The admin's look at any user's threads (spec: GET /api/admin/message/list/{id}). */
export async function listUserThreads(ctx: AppContext, userId: number, page: number) {
  if (!(await findPerson(ctx.db, userId))) throw new AppError('api.messages.user_not_found', 404);
  return listThreads(ctx, userId, page);
}

/** One of the user's threads; opening it marks the messages to the user read. */
export async function openThread(ctx: AppContext, user: Sender, threadId: number, page: number) {
  const root = await findMessage(ctx.db, threadId);
  if (!root || root.parentId !== null || (root.fromId !== user.id && root.toId !== user.id)) throw new AppError('api.messages.thread_not_found', 404);
  const marked = await markThreadRead(ctx.db, root.id, user.id);
  if (marked > 0) await notifyRead(ctx.db, root.id, user.id);
  await readByLink(ctx, user.id, ['message', 'announcement'], mailLinks.messageThread(user.role, root.id));
  return threadView(ctx, user.id, root, page);
}

async function threadView(ctx: AppContext, ownerId: number, root: MessageRow, page: number) {
  const perPage = MESSAGES_PER_PAGE;
  const [stats, rows] = await Promise.all([threadStats(ctx.db, root.id, ownerId), threadMessages(ctx.db, root.id, perPage, (page - 1) * perPage)]);
  const [thread] = await presentThreads(ctx, ownerId, [{ id: root.id, fromId: root.fromId, toId: root.toId, courseId: root.courseId, announcementId: root.announcementId, ...stats }]);
  return { thread: thread!, messages: rows.reverse().map(presentMessage), page, perPage, total: stats.count };
}

export async function unread(ctx: AppContext, userId: number) {
  return { unread: await unreadCount(ctx.db, userId) };
}

/** Spec: POST /api/admin/message/histroy { replyfrom, fromid }: one user's messages, or one thread of theirs. Reading marks nothing read. */
export async function history(ctx: AppContext, body: { replyfrom: Role; fromid: number; parentid?: number | undefined; page: number }) {
  const user = await findPerson(ctx.db, body.fromid);
  if (!user || user.role !== body.replyfrom) throw new AppError('api.messages.user_not_found', 404, { fields: { fromid: 'api.messages.user_not_found' } });
  const perPage = MESSAGES_PER_PAGE;
  let rows: MessageRow[];
  let total: number;
  if (body.parentid) {
    const root = await findMessage(ctx.db, body.parentid);
    if (!root || root.parentId !== null || (root.fromId !== user.id && root.toId !== user.id)) {
      throw new AppError('api.messages.thread_not_found', 404, { fields: { parentid: 'api.messages.thread_not_found' } });
    }
    const stats = await threadStats(ctx.db, root.id, user.id);
    rows = (await threadMessages(ctx.db, root.id, perPage, (body.page - 1) * perPage)).reverse();
    total = stats.count;
  } else {
    ({ rows, total } = await userMessagePage(ctx.db, user.id, perPage, (body.page - 1) * perPage));
  }
  const people = await peopleByIds(ctx.db, rows.flatMap((r) => [r.fromId, r.toId]));
  return {
    user: presentPerson(user, user.id),
    items: rows.map((r) => ({ ...presentMessage(r), from: presentPerson(people.get(r.fromId), r.fromId), to: presentPerson(people.get(r.toId), r.toId) })),
    page: body.page,
    perPage,
    total,
  };
}

/** Who the user may start a conversation with (mayWrite, seen from the other side). */
export async function contacts(ctx: AppContext, user: Sender, search: string | undefined): Promise<MessageContact[]> {
  if (user.role === 'admin') return (await searchPeople(ctx.db, user.id, search)).map((p) => ({ ...presentPerson(p, p.id), courses: [] }));
  const [rows, admins] = await Promise.all([enrolmentContacts(ctx.db, { id: user.id, role: user.role }, search), activeAdmins(ctx.db, user.id, search)]);
  const byId = new Map<number, MessageContact>();
  for (const r of rows) {
    const entry = byId.get(r.id) ?? { ...presentPerson(r, r.id), courses: [] };
    entry.courses.push({ id: r.courseId, title: r.courseTitle });
    byId.set(r.id, entry);
  }
  return [...[...byId.values()].slice(0, 50), ...admins.map((p) => ({ ...presentPerson(p, p.id), courses: [] }))];
}

/** An instructor's announcement: stored once, a first message to each active participant enrolled in the course. */
export async function announce(ctx: AppContext, instructor: Sender, body: { course_id: number; msg: string }) {
  const text = cleanText(body.msg);
  const course = await ownedCourse(ctx.db, body.course_id, instructor.id);
  if (!course) throw new AppError('api.messages.course_not_found', 404, { fields: { course_id: 'api.messages.course_not_found' } });
  await countSend(ctx, instructor);
  const { id, messageIds } = await insertAnnouncement(ctx.db, { courseId: course.id, instructorId: instructor.id, msg: text });
  await notifyAnnouncement(ctx.db, id);
  await notifyAnnouncementCopies(ctx, id, { course: course.title });
  return { id, recipients: messageIds.length };
}

/** For the live stream: whether a message is to or from the user (each stream re-checks what a notification names). */
export async function messageConcerns(ctx: AppContext, messageId: number, userId: number): Promise<{ id: number; threadId: number } | null> {
  const row = await findMessage(ctx.db, messageId);
  if (!row || (row.fromId !== userId && row.toId !== userId)) return null;
  return { id: row.id, threadId: row.parentId ?? row.id };
}
