import type { Message, MessagePerson } from '@nibras/contract';
import type { MessageRow, PersonRow } from './messages.queries';

export function presentMessage(r: MessageRow): Message {
  return {
    id: r.id,
    Fromid: r.fromId,
    Toid: r.toId,
    ReplyFrom: r.replyFrom,
    ReplyTo: r.replyTo,
    msg: r.msg,
    parentid: r.parentId,
    announcementId: r.announcementId,
    courseId: r.courseId,
    readAt: r.readAt ? r.readAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A person removed since (their messages went with them) never shows; a missing row is a placeholder. */
export function presentPerson(p: PersonRow | undefined, id: number): MessagePerson {
  if (!p) return { id, name: '', role: 'participant', active: false };
  return { id: p.id, name: p.name, role: p.role, active: !p.deactivatedAt };
}
