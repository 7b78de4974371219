import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userNames } from '../users';
import { type AttachmentSummary, attachmentsOf } from './attachments';
import { type Ticket, ticketMessages } from './tables';

export interface ThreadMessage {
  id: number;
  author: 'customer' | 'staff';
  author_name: string | null;
  body: string;
  created_at: string;
  attachments: AttachmentSummary[];
}

/** A message as staff see it: internal notes included and marked. */
export interface StaffThreadMessage extends ThreadMessage {
  internal: boolean;
}

/**
 * A ticket's messages, oldest first, each with its attachments. The customer's view is built by a
 * query that never reads an internal note (`internal: false` in the WHERE, not a filter after it).
 */
export async function loadThread(
  db: Database,
  ticket: Pick<Ticket, 'id' | 'userId'>,
  view: 'customer',
): Promise<ThreadMessage[]>;
export async function loadThread(
  db: Database,
  ticket: Pick<Ticket, 'id' | 'userId'>,
  view: 'staff',
): Promise<StaffThreadMessage[]>;
export async function loadThread(
  db: Database,
  ticket: Pick<Ticket, 'id' | 'userId'>,
  view: 'customer' | 'staff',
): Promise<ThreadMessage[] | StaffThreadMessage[]> {
  const where =
    view === 'customer'
      ? and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.internal, false))
      : eq(ticketMessages.ticketId, ticket.id);
  const rows = await db.select().from(ticketMessages).where(where).orderBy(asc(ticketMessages.id));
  const authors = await userNames(
    db,
    rows.flatMap((m) => (m.authorId ? [m.authorId] : [])),
  );
  const files = await attachmentsOf(
    db,
    rows.map((m) => m.id),
  );
  return rows.map((m) => {
    // The ticket's owner, or the guest who wrote from the contact form (no author).
    const fromCustomer = m.authorId === null || m.authorId === ticket.userId;
    const message: ThreadMessage = {
      id: m.id,
      author: fromCustomer ? 'customer' : 'staff',
      author_name: m.authorId ? (authors.get(m.authorId)?.name ?? null) : null,
      body: m.body,
      created_at: m.createdAt.toISOString(),
      attachments: files.get(m.id) ?? [],
    };
    return view === 'staff' ? { ...message, internal: m.internal } : message;
  });
}
