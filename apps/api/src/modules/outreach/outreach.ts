import type { FastifyInstance } from 'fastify';
import { count, desc, ilike, or, type SQL } from 'drizzle-orm';
import { outreachRoutes } from '@nibras/contract';
import { contactMessages, newsletterSubscribers } from '../../db/schema';
import { sanitizePlainText } from '../../lib/sanitize';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { containsPattern } from '../../lib/like-pattern';

function likeAny(search: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!search?.trim()) return undefined;
  const like = containsPattern(search);
  return or(...columns.map((c) => ilike(c, like)));
}

export function outreachModule(app: FastifyInstance, ctx: AppContext) {
  // The same answer whether or not the email was there before: the form reveals nothing.
  addRoute(app, ctx, outreachRoutes.subscribe, async ({ body }) => {
    await ctx.db.insert(newsletterSubscribers).values({ email: body.email.trim() }).onConflictDoNothing();
    return { message: 'api.newsletter.subscribed', data: {} };
  });

  addRoute(app, ctx, outreachRoutes.contact, async ({ body }) => {
    const [row] = await ctx.db
      .insert(contactMessages)
      .values({ name: sanitizePlainText(body.name), email: body.email.trim(), subject: sanitizePlainText(body.subject), message: sanitizePlainText(body.message) })
      .returning({ id: contactMessages.id });
    return { message: 'api.contact.sent', data: { id: row!.id } };
  });

  addRoute(app, ctx, outreachRoutes.subscribers, async ({ query, body }) => {
    const perPage = body.perPage ?? 10;
    const where = likeAny(body.search, newsletterSubscribers.email);
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(newsletterSubscribers).where(where).orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)).limit(perPage).offset((query.page - 1) * perPage),
      ctx.db.select({ n: count() }).from(newsletterSubscribers).where(where),
    ]);
    return { data: { items: rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() })), page: query.page, perPage, total: total?.n ?? 0 } };
  });

  addRoute(app, ctx, outreachRoutes.contactMessages, async ({ query, body }) => {
    const perPage = body.perPage ?? 10;
    const where = likeAny(body.search, contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message);
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(perPage).offset((query.page - 1) * perPage),
      ctx.db.select({ n: count() }).from(contactMessages).where(where),
    ]);
    return {
      data: {
        items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, createdAt: r.createdAt.toISOString() })),
        page: query.page,
        perPage,
        total: total?.n ?? 0,
      },
    };
  });
}
