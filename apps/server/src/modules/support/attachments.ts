import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage';
import { DEMO_ATTACHMENTS } from './demo-attachments';
import { ticketAttachments, ticketMessages, tickets } from './tables';

/** docs/screens.md: attachments are at most 10 MB each, a few per message. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 5;
/** Object keys live under this folder: `tickets/<random uuid>`, nothing of the sender's. */
export const ATTACHMENT_PREFIX = 'tickets';

/** A file already checked (type by its bytes, clean name, size) and ready to store. */
export interface NewAttachment {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** An attachment as every thread shows it: the download goes through `tickets.attachments.show`. */
export interface AttachmentSummary {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export interface StoredAttachment {
  key: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * Writes the files under fresh random keys before the database transaction that records them;
 * the caller removes them again (discardStored) if that transaction fails, so a refusal keeps
 * nothing.
 */
export async function storeAttachments(
  storage: ObjectStorage,
  files: readonly NewAttachment[],
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const file of files) {
      const key = `${ATTACHMENT_PREFIX}/${randomUUID()}`;
      await storage.put(key, file.bytes);
      stored.push({ key, name: file.name, mime: file.mime, size: file.bytes.length });
    }
  } catch (error) {
    await discardStored(storage, stored);
    throw error;
  }
  return stored;
}

export async function discardStored(storage: ObjectStorage, stored: readonly StoredAttachment[]) {
  await Promise.allSettled(stored.map((file) => storage.delete(file.key)));
}

/** Runs `work` with the files stored; if it throws, the files are deleted and the error goes on. */
export async function withStoredAttachments<T>(
  storage: ObjectStorage,
  files: readonly NewAttachment[] | undefined,
  work: (stored: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  const stored = files?.length ? await storeAttachments(storage, files) : [];
  try {
    return await work(stored);
  } catch (error) {
    await discardStored(storage, stored);
    throw error;
  }
}

export async function recordAttachments(
  tx: Database,
  messageId: number,
  stored: readonly StoredAttachment[],
) {
  if (stored.length === 0) return;
  await tx.insert(ticketAttachments).values(
    stored.map((file) => ({
      messageId,
      path: file.key,
      name: file.name,
      mime: file.mime,
      size: file.size,
    })),
  );
}

/** The attachments of these messages, by message id, oldest first. */
export async function attachmentsOf(
  db: Database,
  messageIds: readonly number[],
): Promise<Map<number, AttachmentSummary[]>> {
  const byMessage = new Map<number, AttachmentSummary[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.messageId, [...messageIds]))
    .orderBy(ticketAttachments.createdAt, ticketAttachments.name);
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({ id: row.id, name: row.name, mime: row.mime, size: row.size });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The attachment if `viewer` may download it: staff (care, admin) any, the ticket's owner only
 * those of the public thread (an internal note's file is staff-only). Null for everyone else,
 * answered as not found: nobody learns that the file exists.
 */
export async function findViewableAttachment(
  db: Database,
  id: string,
  viewer: { id: number; staff: boolean },
): Promise<(StoredAttachment & { id: string }) | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: ticketAttachments.id,
      key: ticketAttachments.path,
      name: ticketAttachments.name,
      mime: ticketAttachments.mime,
      size: ticketAttachments.size,
      owner: tickets.userId,
      internal: ticketMessages.internal,
      deletedAt: tickets.deletedAt,
    })
    .from(ticketAttachments)
    .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .innerJoin(tickets, and(eq(tickets.id, ticketMessages.ticketId)))
    .where(eq(ticketAttachments.id, id));
  if (!row) return null;
  const allowed = viewer.staff || (row.owner === viewer.id && !row.internal && row.deletedAt === null);
  return allowed ? { id: row.id, key: row.key, name: row.name, mime: row.mime, size: row.size } : null;
}

export async function readAttachment(storage: ObjectStorage, key: string): Promise<Readable | null> {
  if ((await storage.stat(key)) === null) {
    // A demo ticket's file is made the first time it is opened (the seed writes rows only).
    const demo = DEMO_ATTACHMENTS[key];
    if (!demo) return null;
    await storage.put(key, demo.bytes());
  }
  return storage.get(key);
}
