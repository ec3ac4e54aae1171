import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { refreshTokens, sessions, users } from '../../db/schema';

export async function insertSession(db: Db, s: { id: string; userId: number; expiresAt: Date; tokenHash: string }) {
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({ id: s.id, userId: s.userId, expiresAt: s.expiresAt });
    await tx.insert(refreshTokens).values({ sessionId: s.id, tokenHash: s.tokenHash });
  });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks the token used and adds its successor; false when another request used it first. */
export async function rotateRefreshToken(db: Db, tokenId: number, sessionId: string, nextHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (used.length === 0) return false;
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: nextHash });
    return true;
  });
}

/**
 * Told of every session ended (`{ k: 's', u: userId }`), on every API process: the user's open live
 * streams check their session at once instead of at their next heartbeat (messages/live.ts).
 */
export const SESSION_CHANNEL = 'nibras_sessions';

async function tellStreams(db: Db, userIds: number[]) {
  for (const userId of new Set(userIds)) await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, json_build_object('k', 's', 't', 0, 'u', ${userId}::int)::text)`);
}

export async function revokeSession(db: Db, sessionId: string) {
  const ended = await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).returning({ userId: sessions.userId });
  await tellStreams(db, ended.map((row) => row.userId));
}

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
  await tellStreams(db, [userId]);
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await tellStreams(db, [userId]);
}

/** The session named by an access token, with its user: the row decides whether the token still counts. */
// Every signed-in request reads it: prepared (db/prepared.ts).
const sessionWithUser = preparedPerDatabase((db) =>
  db
    .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, email: users.email, name: users.name, role: users.role, deactivatedAt: users.deactivatedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(users.id, sql.placeholder('userId'))))
    .limit(1)
    .prepare('session_with_user'),
);

export async function findSessionWithUser(db: Db, sessionId: string, userId: number) {
  const [row] = await sessionWithUser(db).execute({ sessionId, userId });
  return row;
}
