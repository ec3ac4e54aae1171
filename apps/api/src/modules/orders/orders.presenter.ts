import { fromMinor, type Order } from '@nibras/contract';
import type { OrderRow } from './orders.queries';

/** An order as participants and instructors see it: the participant's name, never their email. */
export function presentOrder(r: OrderRow): Order {
  return {
    id: r.id,
    course: { id: r.courseId, title: r.courseTitle },
    participant: { id: r.participantId, name: r.participantName },
    amount: fromMinor(r.amountMinor, r.currency),
    amountMinor: r.amountMinor,
    currency: r.currency,
    provider: r.provider,
    status: r.status,
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
    refundedAt: r.refundedAt ? r.refundedAt.toISOString() : null,
  };
}

/** Admins also see how to reach the participant. */
export function presentAdminOrder(r: OrderRow) {
  return { ...presentOrder(r), participantEmail: r.participantEmail };
}
