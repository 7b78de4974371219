import type { Database } from '../../db/client';
import { DEMO_TICKETS } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { ticketMessages, tickets } from './tables';

/** The demo tickets, with their threads dated in the past as if they had happened. */
export async function seedDemoTickets(db: Database, { userIds }: DemoSeedContext): Promise<void> {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const careId = userIds.get('care')!;
  for (const demoTicket of DEMO_TICKETS) {
    const { from, messages, rating, ...fields } = demoTicket;
    const guest = from === 'customer' ? null : from;
    const authorId = guest ? null : userIds.get('customer')!;
    const last = messages.at(-1)!;
    const [ticket] = await db
      .insert(tickets)
      .values({
        ...fields,
        userId: authorId,
        guestName: guest?.name ?? null,
        guestEmail: guest?.email ?? null,
        assigneeId: messages.some((m) => m.by === 'care') ? careId : null,
        rating: rating ?? null,
        createdAt: hoursAgo(messages[0]!.hoursAgo),
        lastMessageAt: hoursAgo(last.hoursAgo),
        closedAt: fields.status === 'closed' ? hoursAgo(last.hoursAgo - 1) : null,
      })
      .returning({ id: tickets.id });
    await db.insert(ticketMessages).values(
      messages.map((m) => ({
        ticketId: ticket!.id,
        authorId: m.by === 'care' ? careId : authorId,
        body: m.body,
        createdAt: hoursAgo(m.hoursAgo),
      })),
    );
  }
}
