import type { ContactMessage } from '@nibras/contract';
import type { ContactMessageRow } from './outreach.queries';

export function presentContactMessage(r: ContactMessageRow): ContactMessage {
  return { id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, createdAt: r.createdAt.toISOString(), readAt: r.readAt ? r.readAt.toISOString() : null };
}
