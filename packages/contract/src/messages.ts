import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData, pageQuery } from './envelope';
import { ROLES, type RouteDef } from './route-def';

/** Messages (spec section 3, "Message"; docs/messages.md): threads between two people, live, with unread counts. */

export const MESSAGE_MAX_LENGTH = 5000;
/** Threads per page of a list, messages per page of a thread. */
export const MESSAGE_THREADS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 50;

const id = numeric(z.number().int().min(1).max(2_147_483_647));
const role = z.enum(ROLES);

/**
 * The spec's send body, with its field names: `ReplyFrom, ReplyTo, Fromid, Toid, msg, parentid`.
 * The sender is always the signed-in user: `ReplyFrom` and `Fromid` are accepted and ignored.
 * A first message names its recipient in `Toid`; a reply names its thread in `parentid` (the id of
 * the thread's first message) and goes to the thread's other person (`Toid` is then ignored).
 * `ReplyTo`, when sent, must be the recipient's role. `course_id` (not in the spec) says which
 * course a first message is about.
 */
export const messageSendBody = z
  .strictObject({
    ReplyFrom: role.optional().describe('Accepted for the spec and ignored: the sender is the signed-in user'),
    Fromid: id.optional().describe('Accepted for the spec and ignored: the sender is the signed-in user'),
    ReplyTo: role.optional().describe("The recipient's role; when sent it must match the recipient"),
    Toid: id.optional().describe('The recipient (a user id); needed unless parentid is sent'),
    msg: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH).describe('Plain text, 1 to 5,000 characters; any markup is removed'),
    parentid: id.nullable().optional().describe("A reply: the id of the thread's first message"),
    course_id: id.nullable().optional().describe('A first message: the course it is about (a course the two share)'),
  })
  .superRefine((body, ctx) => {
    if (body.Toid === undefined && (body.parentid === undefined || body.parentid === null)) {
      ctx.addIssue({ code: 'custom', path: ['Toid'], message: 'api.messages.recipient_required' });
    }
  });

/** One message, in the spec's field names. */
export const message = z.object({
  id: z.number().int(),
  Fromid: z.number().int(),
  Toid: z.number().int(),
  ReplyFrom: role,
  ReplyTo: role,
  msg: z.string(),
  /** The thread's first message; null on a first message. */
  parentid: z.number().int().nullable(),
  /** Set on the copy of a course announcement. */
  announcementId: z.number().int().nullable(),
  courseId: z.number().int().nullable(),
  /** When the recipient opened the thread; null while unread. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof message>;

export const messagePerson = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  /** A deactivated account can be read but not written to. */
  active: z.boolean(),
});
export type MessagePerson = z.infer<typeof messagePerson>;

/** A thread as a list shows it: the other person, the course, the last message, the unread count. */
export const messageThread = z.object({
  /** The id of the thread's first message (the parentid of its replies). */
  id: z.number().int(),
  /** The other person (for an admin's look at a user's threads: the person that user talks with). */
  other: messagePerson,
  /** For an admin's look at a user's threads: that user; otherwise the signed-in user. */
  owner: messagePerson,
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  announcement: z.boolean(),
  last: message,
  /** Messages to the owner not read yet. */
  unread: z.number().int(),
  count: z.number().int(),
});
export type MessageThread = z.infer<typeof messageThread>;

export const messageListData = listData(messageThread).extend({
  /** Every unread message of the owner, all threads. */
  unread: z.number().int(),
});

export const messageThreadData = z.object({
  thread: messageThread,
  /** Oldest first: page 1 is the newest MESSAGES_PER_PAGE messages. */
  messages: z.array(message),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type MessageThreadData = z.infer<typeof messageThreadData>;

export const unreadData = z.object({ unread: z.number().int() });

export const messageContactsQuery = z.strictObject({
  search: z.string().trim().max(200).optional(),
});
/** Who the signed-in user may start a conversation with. */
export const messageContact = messagePerson.extend({
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type MessageContact = z.infer<typeof messageContact>;

/** The spec's history request `{ replyfrom, fromid }`: one user's messages, seen by an admin. */
export const messageHistoryBody = z.strictObject({
  replyfrom: role.describe("The user's role"),
  fromid: id.describe('The user'),
  parentid: id.optional().describe('Only this thread (its first message id), oldest first; without it every message of the user, newest first'),
  page: numeric(z.number().int().min(1).max(1_000_000)).optional().default(1),
});

export const messageHistoryData = z.object({
  user: messagePerson,
  items: z.array(message.extend({ from: messagePerson, to: messagePerson })),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type MessageHistoryData = z.infer<typeof messageHistoryData>;

export const announceBody = z.strictObject({
  course_id: id,
  msg: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
});
export const announceData = z.object({ id: z.number().int(), recipients: z.number().int() });

/** The live stream's events (text/event-stream): `ready` once listening, `message` with ids only, `read`. */
export const messageStreamEvent = z.object({ id: z.number().int(), threadId: z.number().int() });

const threadPageQuery = pageQuery;

function roleRoutes<R extends 'admin' | 'instructor' | 'participant'>(r: R) {
  return {
    send: {
      method: 'POST' as const, path: `/api/${r}/message/send`, access: r, tags: ['messages'], errors: [403, 404, 409, 429] as const,
      summary: 'Send a message: a first message to Toid, or a reply in the thread parentid (the sender is the signed-in user)',
      body: messageSendBody, response: envelope(message),
    },
    thread: {
      method: 'GET' as const, path: `/api/${r}/message/thread/:id`, access: r, tags: ['messages'], errors: [404] as const,
      summary: "One of the signed-in user's threads, by its first message id; opening it marks its messages to the user read",
      params: idParam, query: threadPageQuery, response: envelope(messageThreadData),
    },
    unread: {
      method: 'GET' as const, path: `/api/${r}/message/unread-count`, access: r, tags: ['messages'],
      summary: 'How many messages to the signed-in user are unread', response: envelope(unreadData),
    },
    contacts: {
      method: 'GET' as const, path: `/api/${r}/message/contacts`, access: r, tags: ['messages'],
      summary: 'Who the signed-in user may start a conversation with (at most 50, searchable)', query: messageContactsQuery, response: envelope(z.array(messageContact)),
    },
    stream: {
      method: 'GET' as const, path: `/api/${r}/message/stream`, access: r, tags: ['messages'], errors: [400, 429] as const,
      summary: 'Server-sent events for the signed-in user: `ready`, then `message` ({ id, threadId }) for each new message to or from them, `read` when a thread is read, `notification` ({ id }) for each new notification of theirs (docs/notifications.md); a comment every 20 s. Read with fetch (it needs the bearer header) and `Accept: text/event-stream` (without it: 400).',
      file: { types: ['text/event-stream'], ranges: false as const },
    },
  };
}

const participant = roleRoutes('participant');
const instructor = roleRoutes('instructor');
const admin = roleRoutes('admin');

export const messageRoutes = {
  participantSend: participant.send,
  participantList: {
    method: 'GET', path: '/api/participant/message/list', access: 'participant', tags: ['messages'],
    summary: "The participant's threads, newest first, with unread counts", query: pageQuery, response: envelope(messageListData),
  },
  participantThread: participant.thread,
  participantUnread: participant.unread,
  participantContacts: participant.contacts,
  participantStream: participant.stream,
  instructorSend: instructor.send,
  instructorList: {
    method: 'GET', path: '/api/instructor/message/list', access: 'instructor', tags: ['messages'],
    summary: "The instructor's threads, newest first, with unread counts", query: pageQuery, response: envelope(messageListData),
  },
  instructorThread: instructor.thread,
  instructorUnread: instructor.unread,
  instructorContacts: instructor.contacts,
  instructorStream: instructor.stream,
  instructorAnnounce: {
    method: 'POST', path: '/api/instructor/message/announce', access: 'instructor', tags: ['messages'], errors: [404, 429],
    summary: 'Announce to everyone enrolled in one of your courses: each gets it as a first message they can answer privately',
    body: announceBody, response: envelope(announceData),
  },
  adminSend: admin.send,
  adminList: {
    method: 'GET', path: '/api/admin/message/list/:id', access: 'admin', tags: ['messages'], errors: [404],
    summary: "User {id}'s threads, newest first (the admin's own id: the admin's own inbox)", params: idParam, query: pageQuery, response: envelope(messageListData),
  },
  adminHistory: {
    method: 'POST', path: '/api/admin/message/histroy', access: 'admin', tags: ['messages'], errors: [404],
    summary: "One user's messages (spelled as in the spec): every one they sent or received, or one thread of theirs; reading does not mark them read",
    body: messageHistoryBody, response: envelope(messageHistoryData),
  },
  adminThread: admin.thread,
  adminUnread: admin.unread,
  adminContacts: admin.contacts,
  adminStream: admin.stream,
} satisfies Record<string, RouteDef>;

/** The routes of one role's message centre, for the screens. */
export const messageRoutesFor = {
  participant: { send: messageRoutes.participantSend, list: messageRoutes.participantList, thread: messageRoutes.participantThread, unread: messageRoutes.participantUnread, contacts: messageRoutes.participantContacts, stream: messageRoutes.participantStream },
  instructor: { send: messageRoutes.instructorSend, list: messageRoutes.instructorList, thread: messageRoutes.instructorThread, unread: messageRoutes.instructorUnread, contacts: messageRoutes.instructorContacts, stream: messageRoutes.instructorStream },
  admin: { send: messageRoutes.adminSend, thread: messageRoutes.adminThread, unread: messageRoutes.adminUnread, contacts: messageRoutes.adminContacts, stream: messageRoutes.adminStream },
} as const;
