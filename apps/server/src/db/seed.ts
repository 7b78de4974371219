import { count } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password';
import { postLedgerEntry } from '../modules/billing/wallet';
import type { Database } from './client';
import * as demo from './demo-data';
import {
  articles,
  configs,
  folders,
  hardwares,
  images,
  links,
  locations,
  menus,
  pages,
  ports,
  resources,
  ticketMessages,
  tickets,
  users,
  verificationRequests,
} from './schema';
import { seedDemoInstances } from './seed-instances';

/** True when the database has no users yet: the demo seed runs only then (first start). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Writes the demo data set. Runs in one transaction except the ledger, which posts through the wallet. */
export async function seedDemo(db: Database): Promise<void> {
  const passwordHash = await hashPassword(demo.DEMO_PASSWORD);
  const now = new Date();
  const userIds = new Map<string, number>();

  await db.transaction(async (tx) => {
    for (const user of demo.DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          name: user.name,
          email: user.email,
          mobile: user.mobile,
          role: user.role,
          passwordHash,
          emailVerifiedAt: now,
          mobileVerifiedAt: now,
          kycStatus: user.role === 'customer' ? 'approved' : 'none',
        })
        .returning({ id: users.id });
      userIds.set(user.key, row!.id);
    }

    const customerId = userIds.get('customer')!;
    await tx.insert(verificationRequests).values({
      userId: customerId,
      firstName: 'علی',
      lastName: 'رضایی',
      nationalCode: '0499370899',
      birthDate: '1990-03-21',
      mobile: '09120000000',
      status: 'approved',
      reviewerId: userIds.get('care'),
      submittedAt: now,
      reviewedAt: now,
    });

    const locationIds = new Map<string, number>();
    for (const location of demo.DEMO_LOCATIONS) {
      const [row] = await tx.insert(locations).values(location).returning({ id: locations.id });
      locationIds.set(location.code, row!.id);
    }
    const hardwareIds = new Map<string, number>();
    for (const hardware of demo.DEMO_HARDWARES) {
      const [row] = await tx
        .insert(hardwares)
        .values({ ...hardware, status: 'active' })
        .returning({ id: hardwares.id });
      hardwareIds.set(hardware.slug, row!.id);
    }
    await tx.insert(images).values(demo.DEMO_IMAGES);
    for (const host of demo.DEMO_RESOURCES) {
      const [row] = await tx
        .insert(resources)
        .values({
          name: host.name,
          address: host.address,
          capacity: host.capacity,
          locationId: locationIds.get(host.location)!,
          hardwareId: hardwareIds.get(host.hardware)!,
          driver: 'simulated',
          status: 'available',
          lastSeenAt: now,
        })
        .returning({ id: resources.id });
      // One public RDP port per machine the host can hold.
      await tx.insert(ports).values(
        Array.from({ length: host.capacity }, (_, i) => ({
          resourceId: row!.id,
          publicIp: host.ip,
          publicPort: 33_891 + i,
        })),
      );
    }
    await tx.insert(configs).values(demo.DEMO_CONFIGS);
    await seedDemoInstances(tx, userIds.get('customer')!, now);

    const folderIds = new Map<string, number>();
    for (const folder of demo.DEMO_FOLDERS) {
      const [row] = await tx.insert(folders).values(folder).returning({ id: folders.id });
      folderIds.set(folder.slug, row!.id);
    }
    await tx.insert(articles).values(
      demo.DEMO_ARTICLES.map(({ folder, ...article }) => ({
        ...article,
        folderId: folderIds.get(folder)!,
        status: 'published' as const,
        authorId: userIds.get('admin'),
      })),
    );
    await tx.insert(pages).values(demo.DEMO_PAGES);
    await tx.insert(menus).values(demo.DEMO_MENUS);
    await tx.insert(links).values(demo.DEMO_LINKS);
  });

  const customerId = userIds.get('customer')!;
  await postLedgerEntry(db, {
    userId: customerId,
    type: 'topup',
    amount: demo.DEMO_CUSTOMER_TOPUP,
    description: 'شارژ کیف پول (دادهٔ نمایشی)',
    idempotencyKey: 'seed:customer:topup',
  });
  await postLedgerEntry(db, {
    userId: customerId,
    type: 'bonus',
    amount: demo.DEMO_CUSTOMER_BONUS,
    description: 'هدیهٔ خوش‌آمد',
    idempotencyKey: 'seed:customer:bonus',
  });

  await seedDemoTickets(db, userIds);
}

/** The demo tickets, with their threads dated in the past as if they had happened. */
async function seedDemoTickets(db: Database, userIds: Map<string, number>): Promise<void> {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const careId = userIds.get('care')!;
  await db.transaction(async (tx) => {
    for (const demoTicket of demo.DEMO_TICKETS) {
      const { from, messages, rating, ...fields } = demoTicket;
      const guest = from === 'customer' ? null : from;
      const authorId = guest ? null : userIds.get('customer')!;
      const last = messages.at(-1)!;
      const [ticket] = await tx
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
      await tx.insert(ticketMessages).values(
        messages.map((m) => ({
          ticketId: ticket!.id,
          authorId: m.by === 'care' ? careId : authorId,
          body: m.body,
          createdAt: hoursAgo(m.hoursAgo),
        })),
      );
    }
  });
}

/** Seeds only a database that has no users yet; returns whether it did. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db);
  return true;
}

export const DEMO_LOGINS = demo.DEMO_USERS.map((u) => ({
  role: u.role,
  email: u.email,
  mobile: u.mobile,
  password: demo.DEMO_PASSWORD,
}));
