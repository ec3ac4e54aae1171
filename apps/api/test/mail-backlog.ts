import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';

/**
 * Test apps run without a mail worker, so every mail the worker's earlier test files queued is still
 * pending in its shared database (thousands by the end of a run). A test that starts a worker for its
 * own mail first parks that backlog a day ahead, or the worker would send all of it first; the
 * returned function makes the parked rows due again.
 */
export async function parkOtherPendingMail(db: Db, ownAddresses: string[]): Promise<() => Promise<void>> {
  const parked = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(Date.now() + 24 * 3600_000) })
    .where(ownAddresses.length ? and(eq(mailOutbox.status, 'pending'), notInArray(mailOutbox.toAddress, ownAddresses)) : eq(mailOutbox.status, 'pending'))
    .returning({ id: mailOutbox.id });
  return async () => {
    if (parked.length === 0) return;
    await db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(inArray(mailOutbox.id, parked.map((row) => row.id)));
  };
}
