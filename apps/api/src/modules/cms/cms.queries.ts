import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cmsPages, homeImages, privacyEntries } from '../../db/schema';

export type CmsPage = 'home' | 'contact' | 'about';
export type PrivacyRow = typeof privacyEntries.$inferSelect;
export type HomeImageRow = typeof homeImages.$inferSelect;
type PrivacyValues = Pick<PrivacyRow, 'titleAr' | 'titleEn' | 'bodyAr' | 'bodyEn' | 'position'>;
type ImageValues = Pick<HomeImageRow, 'altAr' | 'altEn' | 'titleAr' | 'titleEn' | 'link' | 'position'>;

export async function findPage(db: Db, page: CmsPage) {
  const [row] = await db.select().from(cmsPages).where(eq(cmsPages.page, page));
  return row ?? null;
}

export async function savePage(db: Db, page: CmsPage, content: Record<string, unknown>) {
  const [row] = await db
    .insert(cmsPages)
    .values({ page, content })
    .onConflictDoUpdate({ target: cmsPages.page, set: { content, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export function listPrivacy(db: Db) {
  return db.select().from(privacyEntries).orderBy(asc(privacyEntries.position), asc(privacyEntries.id));
}

export async function insertPrivacy(db: Db, values: PrivacyValues) {
  await db.insert(privacyEntries).values(values);
}

/** False when no entry has this id. */
export async function updatePrivacy(db: Db, id: number, values: PrivacyValues): Promise<boolean> {
  const rows = await db.update(privacyEntries).set({ ...values, updatedAt: sql`now()` }).where(eq(privacyEntries.id, id)).returning({ id: privacyEntries.id });
  return rows.length > 0;
}

export async function deletePrivacyRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(privacyEntries).where(eq(privacyEntries.id, id)).returning({ id: privacyEntries.id });
  return rows.length > 0;
}

export function listImages(db: Db) {
  return db.select().from(homeImages).orderBy(asc(homeImages.position), asc(homeImages.id));
}

export async function findImage(db: Db, id: number) {
  const [row] = await db.select().from(homeImages).where(eq(homeImages.id, id));
  return row ?? null;
}

export async function insertImage(db: Db, values: ImageValues & { file: string }) {
  const [row] = await db.insert(homeImages).values(values).returning();
  return row!;
}

export async function updateImage(db: Db, id: number, values: ImageValues) {
  const [row] = await db.update(homeImages).set({ ...values, updatedAt: sql`now()` }).where(eq(homeImages.id, id)).returning();
  return row ?? null;
}

export async function deleteImageRow(db: Db, id: number) {
  const [row] = await db.delete(homeImages).where(eq(homeImages.id, id)).returning();
  return row ?? null;
}
