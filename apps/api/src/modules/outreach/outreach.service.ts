import { sanitizePlainText } from '../../lib/sanitize';
import type { AppContext } from '../../context';
import { addSubscriber, contactMessagePage, insertContactMessage, subscriberPage } from './outreach.queries';

const PER_PAGE = 10;

/** The same answer whether or not the email was there before: the form reveals nothing. */
export async function subscribe(ctx: AppContext, email: string) {
  await addSubscriber(ctx.db, email.trim());
}

export async function sendContactMessage(ctx: AppContext, body: { name: string; email: string; subject: string; message: string }) {
  const id = await insertContactMessage(ctx.db, {
    name: sanitizePlainText(body.name),
    email: body.email.trim(),
    subject: sanitizePlainText(body.subject),
    message: sanitizePlainText(body.message),
  });
  return { id };
}

export async function listSubscribers(ctx: AppContext, page: number, body: { search?: string | undefined; perPage?: number | undefined }) {
  const perPage = body.perPage ?? PER_PAGE;
  const { rows, total } = await subscriberPage(ctx.db, body.search, perPage, (page - 1) * perPage);
  return { items: rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() })), page, perPage, total };
}

export async function listContactMessages(ctx: AppContext, page: number, body: { search?: string | undefined; perPage?: number | undefined }) {
  const perPage = body.perPage ?? PER_PAGE;
  const { rows, total } = await contactMessagePage(ctx.db, body.search, perPage, (page - 1) * perPage);
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, createdAt: r.createdAt.toISOString() })),
    page,
    perPage,
    total,
  };
}
