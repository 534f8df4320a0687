import { desc, eq, isNull } from 'drizzle-orm';
import type { AdminContactMessage } from '../../../domain/admin/schemas';
import type { ContactMessage, ContactReceipt } from '../../../domain/support/schemas';
import type { Db } from '../../db/connect';
import { contactMessages } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';

/** Stores a contact message for the admin and announces it (the admins are mailed). */
export async function createContactMessage(events: EventBus, input: ContactMessage, userId: number | null): Promise<ContactReceipt> {
  return events.transaction(async (tx, emit) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, userId })
      .returning({ id: contactMessages.id });
    await emit('contact.received', { messageId: row.id, name: input.name, email: input.email, subject: input.subject });
    return { id: row.id };
  });
}

export function toAdminMessage(m: typeof contactMessages.$inferSelect): AdminContactMessage {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    userId: m.userId,
    readAt: m.readAt ? m.readAt.toISOString() : null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Every contact message, newest first. */
export async function listContactMessages(db: Db): Promise<AdminContactMessage[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(toAdminMessage);
}

/** Marks a message read (idempotent: the first read time is kept). */
export async function markMessageRead(db: Db, id: number): Promise<AdminContactMessage> {
  const [existing] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!existing) throw notFound('Message not found');
  if (existing.readAt) return toAdminMessage(existing);
  const [row] = await db.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, id)).returning();
  return toAdminMessage(row);
}

export async function countUnreadMessages(db: Db): Promise<number> {
  return db.$count(contactMessages, isNull(contactMessages.readAt));
}
