import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { courseAnnouncements, courses, enrollments, messages, users } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

export type MessageRow = typeof messages.$inferSelect;
export type PersonRow = { id: number; name: string; role: 'admin' | 'instructor' | 'participant'; deactivatedAt: Date | null };

const person = { id: users.id, name: users.name, role: users.role, deactivatedAt: users.deactivatedAt };

/** The channel every API process listens on (live.ts); payloads carry ids only. */
export const MESSAGE_CHANNEL = 'nibras_messages';

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, id));
  return row;
}

export async function peopleByIds(db: Db, ids: number[]): Promise<Map<number, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(person).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function coursesByIds(db: Db, ids: number[]): Promise<Map<number, { id: number; title: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The recipient's statement (recipientOf). */
function prepareRecipient(db: Db) {
  const senderId = sql.placeholder('senderId');
  const recipientId = sql.placeholder('recipientId');
  return db
    .select({
      ...person,
      // Courses of one of the two that the other is enrolled in (either way round: the service picks by role).
      // (Aliased: drizzle writes the columns of a one-table select without their table's name.)
      shared: sql<number[]>`array(select c.id from ${enrollments} e inner join ${courses} c on c.id = e.course_id
        where (e.participant_id = ${senderId} and c.instructor_id = "users"."id")
           or (e.participant_id = "users"."id" and c.instructor_id = ${senderId})
        order by c.id)`,
    })
    .from(users)
    .where(eq(users.id, recipientId))
    .prepare('message_recipient');
}
const recipientStatement = preparedPerDatabase(prepareRecipient);

/**
 * A message's recipient with the courses the sender and the recipient share (the instructor's courses
 * the participant is enrolled in: what lets the two write to each other), in one prepared statement.
 */
export async function recipientOf(db: Db, senderId: number, recipientId: number): Promise<(PersonRow & { shared: number[] }) | undefined> {
  const [row] = await recipientStatement(db).execute({ senderId, recipientId });
  return row;
}

const insertMessageStatement = preparedPerDatabase((db) =>
  db
    .insert(messages)
    .values({
      fromId: sql.placeholder('fromId'),
      toId: sql.placeholder('toId'),
      replyFrom: sql.placeholder('replyFrom'),
      replyTo: sql.placeholder('replyTo'),
      msg: sql.placeholder('msg'),
      parentId: sql.placeholder('parentId'),
      courseId: sql.placeholder('courseId'),
    })
    .returning()
    .prepare('message_insert'),
);

/** A new message (prepared: every message sent runs it). */
export async function insertMessage(db: Db, values: Pick<typeof messages.$inferInsert, 'fromId' | 'toId' | 'replyFrom' | 'replyTo' | 'msg' | 'parentId' | 'courseId'>): Promise<MessageRow> {
  const [row] = await insertMessageStatement(db).execute({ ...values, parentId: values.parentId ?? null, courseId: values.courseId ?? null });
  return row!;
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

export async function messagesByIds(db: Db, ids: number[]): Promise<Map<number, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(messages).where(inArray(messages.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const notifyPayload = sql`json_build_object('k', 'm', 'id', m.id, 't', coalesce(m.parent_id, m.id), 'f', m.from_id, 'u', m.to_id)::text`;

const notifyMessageStatement = preparedPerDatabase((db) =>
  db
    .select({ sent: sql`pg_notify(${MESSAGE_CHANNEL}, ${notifyPayload})` })
    .from(sql`${messages} m`)
    .where(sql`m.id = ${sql.placeholder('id')}`)
    .prepare('message_notify'),
);

/**
 * Tells every listening API process (and this one) of a new message: ids only. Prepared (every message
 * sent runs it). Its own statement after the insert's commit, not inside it: a transaction that notifies
 * holds a lock of the whole server from its commit's start to its end, its WAL flush included, so
 * messages inserted and notified together would commit one at a time.
 */
export async function notifyMessage(db: Db, id: number): Promise<void> {
  await notifyMessageStatement(db).execute({ id });
}

/** One notification per copy of an announcement, in one statement. */
export async function notifyAnnouncement(db: Db, announcementId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${notifyPayload}) from ${messages} m where m.announcement_id = ${announcementId}`);
}

/** A thread read by its reader: their other open pages update their badge. */
export async function notifyRead(db: Db, threadId: number, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, json_build_object('k', 'r', 't', ${threadId}::int, 'u', ${userId}::int)::text)`);
}

export interface ThreadRow {
  id: number;
  fromId: number;
  toId: number;
  courseId: number | null;
  announcementId: number | null;
  lastId: number;
  unread: number;
  count: number;
}

/**
 * The user's threads, the one with the newest message first. An announcement's copies are threads
 * of their own; its sender sees one only once the participant has answered it.
 */
export async function threadPage(db: Db, userId: number, limit: number, offset: number): Promise<{ rows: ThreadRow[]; total: number }> {
  const base = sql`
    select r.id, r.from_id, r.to_id, r.course_id, r.announcement_id,
      (select max(m.id) from ${messages} m where m.id = r.id or m.parent_id = r.id) as last_id,
      (select count(*) from ${messages} m where (m.id = r.id or m.parent_id = r.id) and m.to_id = ${userId} and m.read_at is null) as unread,
      (select count(*) from ${messages} m where m.id = r.id or m.parent_id = r.id) as count
    from ${messages} r
    where r.parent_id is null and (r.from_id = ${userId} or r.to_id = ${userId})`;
  const visible = sql`t.announcement_id is null or t.to_id = ${userId} or t.count > 1`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`select * from (${base}) t where ${visible} order by t.last_id desc limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*) as n from (${base}) t where ${visible}`),
  ]);
  const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
  const total = Number((totals as unknown as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
  return {
    rows: list.map((r) => ({
      id: Number(r.id),
      fromId: Number(r.from_id),
      toId: Number(r.to_id),
      courseId: r.course_id === null ? null : Number(r.course_id),
      announcementId: r.announcement_id === null ? null : Number(r.announcement_id),
      lastId: Number(r.last_id),
      unread: Number(r.unread),
      count: Number(r.count),
    })),
    total,
  };
}

export async function threadStats(db: Db, threadId: number, userId: number): Promise<{ lastId: number; unread: number; count: number }> {
  const inThread = or(eq(messages.id, threadId), eq(messages.parentId, threadId));
  const [row] = await db
    .select({
      lastId: sql<number>`max(${messages.id})`.mapWith(Number),
      count: count(),
      unread: sql<number>`count(*) filter (where ${messages.toId} = ${userId} and ${messages.readAt} is null)`.mapWith(Number),
    })
    .from(messages)
    .where(inThread);
  return { lastId: row?.lastId ?? threadId, unread: row?.unread ?? 0, count: row?.count ?? 0 };
}

/** A page of a thread's messages, newest first. */
export async function threadMessages(db: Db, threadId: number, limit: number, offset: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(or(eq(messages.id, threadId), eq(messages.parentId, threadId)))
    .orderBy(desc(messages.id))
    .limit(limit)
    .offset(offset);
}

export async function markThreadRead(db: Db, threadId: number, userId: number): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(or(eq(messages.id, threadId), eq(messages.parentId, threadId)), eq(messages.toId, userId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(and(eq(messages.toId, userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/** Every message the user sent or received, newest first (the admin's history). */
export async function userMessagePage(db: Db, userId: number, limit: number, offset: number) {
  const where = or(eq(messages.fromId, userId), eq(messages.toId, userId));
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function threadMessageCount(db: Db, threadId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(or(eq(messages.id, threadId), eq(messages.parentId, threadId)));
  return row?.n ?? 0;
}

const CONTACTS_MAX = 50;

function searchWhere(search: string | undefined) {
  if (!search) return undefined;
  const like = containsPattern(search);
  return or(ilike(users.name, like), ilike(users.email, like));
}

export async function activeAdmins(db: Db, exceptId: number, search?: string): Promise<PersonRow[]> {
  return db
    .select(person)
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt), ne(users.id, exceptId), searchWhere(search)))
    .orderBy(asc(users.name))
    .limit(CONTACTS_MAX);
}

/** The people across an enrolment with the user (a participant's instructors, an instructor's participants), with the courses they share. */
export async function enrolmentContacts(db: Db, user: { id: number; role: 'instructor' | 'participant' }, search?: string) {
  const other = user.role === 'participant' ? courses.instructorId : enrollments.participantId;
  const mine = user.role === 'participant' ? eq(enrollments.participantId, user.id) : eq(courses.instructorId, user.id);
  const rows = await db
    .select({ ...person, courseId: courses.id, courseTitle: courses.title })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(users, eq(users.id, other))
    .where(and(mine, isNull(users.deactivatedAt), searchWhere(search)))
    .orderBy(asc(users.name), asc(courses.title))
    .limit(CONTACTS_MAX * 5);
  return rows;
}

export async function searchPeople(db: Db, exceptId: number, search?: string): Promise<PersonRow[]> {
  return db
    .select(person)
    .from(users)
    .where(and(isNull(users.deactivatedAt), ne(users.id, exceptId), searchWhere(search)))
    .orderBy(desc(users.id))
    .limit(CONTACTS_MAX);
}

export async function ownedCourse(db: Db, courseId: number, instructorId: number) {
  const [row] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(and(eq(courses.id, courseId), eq(courses.instructorId, instructorId)));
  return row;
}

/** Stores the announcement once and one first message per active participant enrolled in the course. */
export async function insertAnnouncement(db: Db, values: { courseId: number; instructorId: number; msg: string }): Promise<{ id: number; messageIds: number[] }> {
  return db.transaction(async (tx) => {
    const [a] = await tx.insert(courseAnnouncements).values(values).returning({ id: courseAnnouncements.id });
    const copies = await tx.execute(sql`
      insert into ${messages} (from_id, to_id, reply_from, reply_to, msg, course_id, announcement_id)
      select ${values.instructorId}, e.participant_id, 'instructor', 'participant', ${values.msg}, ${values.courseId}, ${a!.id}
      from ${enrollments} e join ${users} u on u.id = e.participant_id
      where e.course_id = ${values.courseId} and u.deactivated_at is null
      returning id`);
    const ids = (copies as unknown as { rows: { id: unknown }[] }).rows.map((r) => Number(r.id));
    return { id: a!.id, messageIds: ids };
  });
}

/** Whether the user sent or received any message (members: such an account is deactivated, not removed). */
export async function hasMessages(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(or(eq(messages.fromId, userId), eq(messages.toId, userId))).limit(1);
  return !!row;
}
