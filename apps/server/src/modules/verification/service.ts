import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isNationalCode } from '../../lib/national-code';
import { faDigits } from '../../lib/persian';
import type { ObjectStorage } from '../../lib/storage';
import {
  type BroadcastEvent,
  type Broadcaster,
  toOthers,
  transactionWithBroadcasts,
} from '../../platform/broadcasting';
import { type ActivityInput, type RequestContext, recordActivity, recordStaffAction } from '../activity';
import { notify } from '../notifications';
import { findUser, lockUser, type User, updateUser, userCards, userNames } from '../users';
import { personOf, STAFF_SUMMARIES } from './audit-summary';
import { kycNotFound, VerificationError } from './errors';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  type VerificationDocument,
  type VerificationRequest,
  type VerificationStatus,
  verificationDocuments,
  verificationRequests,
} from './tables';
import type { VerifyInput } from './validators';

/** Where the demo data's papers are stored (under their bytes' hash). */
export const DEMO_PAPERS_PREFIX = 'kyc/demo/';

/** The realtime nudge on `users.{id}` when a decision changes what the account may do. */
export const KYC_DECIDED = 'KycDecided';
/** The care desk's nudge (docs/screens.md §7), shared with the ticket queue. */
export const QUEUE_CHANGED = 'QueueChanged';

/** Requests a reviewer still has to look at. */
export const WAITING: VerificationStatus[] = ['submitted', 'under_review'];
/** A request the customer is still working on or waiting for: at most one per account. */
const OPEN: VerificationStatus[] = ['draft', 'submitted', 'under_review'];

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  id_front: 'روی کارت ملی',
  id_back: 'پشت کارت ملی',
  selfie: 'عکس سلفی با دست‌نوشته',
  company_paper: 'روزنامهٔ رسمی یا آگهی تأسیس شرکت',
};

/** The documents a request of this type needs before it can be sent. */
export function requiredKinds(type: VerificationRequest['type']): DocumentKind[] {
  return type === 'legal' ? [...DOCUMENT_KINDS] : ['id_front', 'id_back', 'selfie'];
}

/** Names a list of papers as a person reads it: «روی کارت ملی»، «پشت کارت ملی». */
export function paperNames(kinds: DocumentKind[]): string {
  return kinds.map((kind) => `«${DOCUMENT_LABELS[kind]}»`).join('، ');
}

/** A document as the route took it: the bytes' own type (sniffed), never the sender's word. */
export interface DocumentUpload {
  kind: DocumentKind;
  bytes: Buffer;
  mime: string;
  fileName: string;
}

export interface StoredFile {
  stream: Readable;
  mime: string;
  size: number;
  name: string;
}

/** What a reviewer sees checked beside the entered data. */
export interface VerificationChecks {
  national_code_valid: boolean;
  /** The request's mobile answered an SMS code and is the account's verified mobile now. */
  mobile_matches: boolean;
  /** Other accounts that sent the same national code (any request past draft). */
  duplicates: { user_id: number; name: string; status: string }[];
}

/**
 * The words the selfie's note carries: the site, and a number of this request alone (never the
 * one the account's previous request had, so an old photo cannot pass for the new request).
 */
function newSelfieText(previous?: string): string {
  for (;;) {
    const text = `رندر فارم ابری — ${faDigits(String(randomInt(100_000, 1_000_000)))}`;
    if (text !== previous) return text;
  }
}

/**
 * Papers a new request takes over from the last one. Not the selfie: its note carries the last
 * request's words, which the reviewer of the new one would rightly refuse.
 */
const CARRIED_KINDS: DocumentKind[] = ['id_front', 'id_back', 'company_paper'];

/**
 * Identity checks (docs/domain.md, Verification): the customer's draft and submission, care's
 * claim and decision, an admin's revoke. Every change is made under the account's row lock, mirrors
 * the request's status into `users.kyc_status` (which gates Make, start and large top-ups), is
 * written to the activity log, and a decision is told to the customer (notify) with `KycDecided`
 * on their channel after the commit.
 */
export function createVerificationService(options: {
  db: Database;
  broadcaster: Broadcaster;
  storage: ObjectStorage;
  clock?: () => Date;
  onPublishError?: (error: unknown) => void;
}) {
  const { db, broadcaster, storage } = options;
  const clock = options.clock ?? (() => new Date());
  const inTransaction = <T>(work: Parameters<typeof transactionWithBroadcasts<T>>[2]): Promise<T> =>
    transactionWithBroadcasts(db, broadcaster, work, options.onPublishError);

  async function latestOf(tx: Database, userId: number): Promise<VerificationRequest | undefined> {
    const [row] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, userId))
      .orderBy(desc(verificationRequests.id))
      .limit(1);
    return row;
  }

  async function documentsOf(tx: Database, requestId: number): Promise<VerificationDocument[]> {
    return tx
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.requestId, requestId))
      .orderBy(asc(verificationDocuments.id));
  }

  /**
   * The papers the request's kind needs that it does not carry: no row, or a row whose stored
   * file cannot be found (a reviewer cannot have seen it). In the order of `requiredKinds`.
   */
  async function missingPapers(
    type: VerificationRequest['type'],
    documents: VerificationDocument[],
  ): Promise<DocumentKind[]> {
    const missing: DocumentKind[] = [];
    for (const kind of requiredKinds(type)) {
      const paper = documents.find((d) => d.kind === kind);
      if (!paper || !(await storage.stat(paper.storageKey))) missing.push(kind);
    }
    return missing;
  }

  /**
   * Other accounts holding an approved identity with this request's national code: one person,
   * one verified account, unless an admin says why not (decide's `override_reason`).
   */
  async function approvedElsewhere(tx: Database, request: VerificationRequest): Promise<number[]> {
    if (!request.nationalCode) return [];
    const rows = await tx
      .selectDistinct({ userId: verificationRequests.userId })
      .from(verificationRequests)
      .where(
        and(
          eq(verificationRequests.nationalCode, request.nationalCode),
          ne(verificationRequests.userId, request.userId),
          eq(verificationRequests.status, 'approved'),
        ),
      )
      .orderBy(verificationRequests.userId);
    return rows.map((r) => r.userId);
  }

  /** Removes stored objects no document row points at any more (after the commit that freed them). */
  async function dropUnused(freed: string[]): Promise<void> {
    // The demo papers (seed.ts) may be shared by other databases seeded into the same store.
    const keys = freed.filter((key) => !key.startsWith(DEMO_PAPERS_PREFIX));
    if (keys.length === 0) return;
    const still = await db
      .select({ key: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .where(inArray(verificationDocuments.storageKey, keys));
    const used = new Set(still.map((r) => r.key));
    await Promise.all(keys.filter((k) => !used.has(k)).map((k) => storage.delete(k).catch(() => undefined)));
  }

  /** A new draft after a rejection or a revoke starts from what the customer entered last time. */
  async function newDraft(tx: Database, user: User, previous: VerificationRequest | undefined) {
    const carryMobile =
      previous?.mobile &&
      previous.mobileVerifiedAt &&
      previous.mobile === user.mobile &&
      user.mobileVerifiedAt;
    const [draft] = await tx
      .insert(verificationRequests)
      .values({
        userId: user.id,
        type: previous?.type ?? 'individual',
        firstName: previous?.firstName ?? null,
        lastName: previous?.lastName ?? null,
        nationalCode: previous?.nationalCode ?? null,
        birthDate: previous?.birthDate ?? null,
        companyName: previous?.companyName ?? null,
        companyNationalId: previous?.companyNationalId ?? null,
        companyRegistrationNo: previous?.companyRegistrationNo ?? null,
        mobile: carryMobile ? previous.mobile : null,
        mobileVerifiedAt: carryMobile ? previous.mobileVerifiedAt : null,
        selfieText: newSelfieText(previous?.selfieText),
        status: 'draft',
      })
      .returning();
    if (previous) {
      // The papers sent last time come along (same stored object); the customer replaces the ones
      // the reviewer asked for, and takes a new selfie with this request's words.
      const papers = (await documentsOf(tx, previous.id)).filter((p) => CARRIED_KINDS.includes(p.kind));
      if (papers.length > 0) {
        await tx.insert(verificationDocuments).values(
          papers.map((p) => ({
            requestId: draft!.id,
            kind: p.kind,
            storageKey: p.storageKey,
            mime: p.mime,
            size: p.size,
            sha256: p.sha256,
            fileName: p.fileName,
          })),
        );
      }
    }
    return draft!;
  }

  /**
   * The request the customer may change now: the draft, or a new one (`started`); refused while
   * it is with care.
   */
  async function editableOf(
    tx: Database,
    user: User,
  ): Promise<{ draft: VerificationRequest; started: boolean }> {
    const current = await latestOf(tx, user.id);
    if (current?.status === 'submitted' || current?.status === 'under_review') {
      throw new VerificationError(
        'RF_KYC_UNDER_REVIEW',
        'درخواست احراز هویت شما فرستاده شده و در صف بررسی است؛ تا اعلام نتیجه نمی‌توانید آن را تغییر دهید یا دوباره بفرستید.',
        'submit',
      );
    }
    // An account approved some other way (staff, an import) has nothing to send either.
    if (current?.status === 'approved' || user.kycStatus === 'approved') {
      throw new VerificationError(
        'RF_KYC_APPROVED',
        'هویت شما تأیید شده است و این اطلاعات دیگر تغییر نمی‌کند.',
        'submit',
      );
    }
    if (current?.status === 'draft') return { draft: current, started: false };
    return { draft: await newDraft(tx, user, current), started: true };
  }

  async function mirror(tx: Database, userId: number, status: string, extra: Partial<User> = {}) {
    await updateUser(tx, userId, { kycStatus: status, ...extra });
  }

  /** The customer's side: a notice (mail + in-app by preference) and the live nudge. */
  async function tellCustomer(
    tx: Database,
    broadcast: (event: BroadcastEvent) => void,
    request: VerificationRequest,
    status: VerificationStatus,
    reason: string | null,
    context: RequestContext,
  ) {
    const texts: Partial<Record<VerificationStatus, { title: string; body: string }>> = {
      approved: {
        title: 'هویت شما تأیید شد',
        body: 'احراز هویت حسابتان تأیید شد؛ اکنون می‌توانید سرور اجاره کنید، توکن API بسازید و بدون سقف اعتبار بخرید.',
      },
      rejected: {
        title: 'درخواست احراز هویت پذیرفته نشد',
        body: `دلیل: ${reason ?? ''}\nمدارک یا اطلاعات را اصلاح کنید و دوباره بفرستید.`,
      },
      revoked: {
        title: 'تأیید هویت حساب شما لغو شد',
        body: `دلیل: ${reason ?? ''}\nتا تأیید دوباره، سرور تازه روشن نمی‌شود. برای پیگیری با پشتیبانی در تماس باشید.`,
      },
    };
    const text = texts[status]!;
    await notify(tx, broadcast, {
      userId: request.userId,
      event: 'kyc_decided',
      title: text.title,
      body: text.body,
      key: `kyc:${request.id}:${status}`,
      path: '/panel/account/verify',
      action: 'دیدن احراز هویت',
    });
    broadcast({
      channels: `private-users.${request.userId}`,
      event: KYC_DECIDED,
      data: { status },
      ...toOthers(context),
    });
  }

  /** `QueueChanged {verify_pending}` on `care`: the care and admin queues reload their lists. */
  async function queueMoved(tx: Database, broadcast: (event: BroadcastEvent) => void) {
    const [row] = await tx
      .select({ n: count() })
      .from(verificationRequests)
      .where(inArray(verificationRequests.status, WAITING));
    broadcast({ channels: 'private-care', event: QUEUE_CHANGED, data: { verify_pending: row?.n ?? 0 } });
  }

  /** The staff side: the request row-locked (and its owner, so the mirror is serialised too). */
  async function lockRequest(tx: Database, id: number): Promise<VerificationRequest> {
    const [found] = await tx
      .select({ userId: verificationRequests.userId })
      .from(verificationRequests)
      .where(eq(verificationRequests.id, id));
    if (!found) throw kycNotFound();
    await lockUser(tx, found.userId);
    const [row] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, id))
      .for('update');
    if (!row) throw kycNotFound();
    return row;
  }

  async function staffActivity(
    tx: Database,
    event: string,
    staff: User,
    request: VerificationRequest,
    context: RequestContext,
    properties: Record<string, unknown> = {},
  ) {
    // `request` is the row as it was before this action; read back what the action made of it.
    const [after] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, request.id));
    await recordStaffAction(tx, {
      event: event as ActivityInput['event'],
      actor: { actorId: staff.id, ip: context.ip, userAgent: context.userAgent },
      subject: { type: 'verification', id: request.id },
      summary: `${STAFF_SUMMARIES[event] ?? 'درخواست احراز هویت'} (${personOf(request)})`,
      before: request,
      after: after ?? request,
      properties: { user_id: request.userId, ...properties },
    });
  }

  return {
    /** The account's latest request (any status) and its documents; null before the first. */
    async currentOf(userId: number) {
      const request = await latestOf(db, userId);
      if (!request) return null;
      return { request, documents: await documentsOf(db, request.id) };
    },

    /** Earlier requests of the account, newest first, without the current one. */
    async attemptsOf(userId: number, exceptId?: number) {
      const rows = await db
        .select()
        .from(verificationRequests)
        .where(
          exceptId === undefined
            ? eq(verificationRequests.userId, userId)
            : and(eq(verificationRequests.userId, userId), ne(verificationRequests.id, exceptId)),
        )
        .orderBy(desc(verificationRequests.id))
        .limit(20);
      return rows;
    },

    /**
     * `panel.account.verify.store`: saves the draft (fields and any documents sent) and, with
     * `submit`, sends it to care. A request with care, or approved, is refused; so is a submit
     * missing a field, the proven mobile or a document, and then nothing is stored.
     */
    async saveOwn(
      user: User,
      input: VerifyInput,
      uploads: DocumentUpload[],
      context: RequestContext,
    ): Promise<VerificationRequest> {
      const written: { kind: DocumentKind; key: string; upload: DocumentUpload }[] = [];
      for (const upload of uploads) {
        const key = `kyc/${user.id}/${randomUUID()}`;
        await storage.put(key, upload.bytes);
        written.push({ kind: upload.kind, key, upload });
      }
      const replaced: string[] = [];
      try {
        const saved = await inTransaction(async (tx, broadcast) => {
          const owner = (await lockUser(tx, user.id)) ?? user;
          const { draft, started } = await editableOf(tx, owner);
          if (started && written.some((w) => w.kind === 'selfie')) {
            // The note in the photo must carry this request's words, which did not exist until now.
            throw new VerificationError(
              'RF_KYC_SELFIE_CODE_UNSEEN',
              'متن دست‌نوشتهٔ این درخواست تازه ساخته شد؛ نخست مشخصات را ذخیره کنید، متنی را که در گام مدارک می‌آید روی کاغذ بنویسید و سپس عکس سلفی را بفرستید.',
              'selfie',
            );
          }
          const now = clock();
          for (const { kind, key, upload } of written) {
            const [old] = await tx
              .select()
              .from(verificationDocuments)
              .where(
                and(eq(verificationDocuments.requestId, draft.id), eq(verificationDocuments.kind, kind)),
              );
            if (old) {
              replaced.push(old.storageKey);
              await tx.delete(verificationDocuments).where(eq(verificationDocuments.id, old.id));
            }
            await tx.insert(verificationDocuments).values({
              requestId: draft.id,
              kind,
              storageKey: key,
              mime: upload.mime,
              size: upload.bytes.length,
              sha256: createHash('sha256').update(upload.bytes).digest('hex'),
              fileName: upload.fileName,
            });
          }
          const legal = input.type === 'legal';
          const [updated] = await tx
            .update(verificationRequests)
            .set({
              type: input.type,
              firstName: input.first_name ?? null,
              lastName: input.last_name ?? null,
              nationalCode: input.national_code ?? null,
              birthDate: input.birth_date ?? null,
              companyName: legal ? (input.company_name ?? null) : null,
              companyNationalId: legal ? (input.company_national_id ?? null) : null,
              companyRegistrationNo: legal ? (input.company_registration_no ?? null) : null,
              updatedAt: now,
            })
            .where(eq(verificationRequests.id, draft.id))
            .returning();
          let request = updated!;
          if (input.submit) {
            if (
              !request.mobile ||
              !request.mobileVerifiedAt ||
              request.mobile !== owner.mobile ||
              !owner.mobileVerifiedAt
            ) {
              throw new VerificationError(
                'RF_KYC_MOBILE_NOT_PROVEN',
                'نخست مالکیت شمارهٔ موبایل حسابتان را با کد پیامکی تأیید کنید.',
                'mobile',
              );
            }
            const have = new Set((await documentsOf(tx, request.id)).map((d) => d.kind));
            const missing = requiredKinds(request.type).find((kind) => !have.has(kind));
            if (missing) {
              throw new VerificationError(
                'RF_KYC_INCOMPLETE',
                `تصویر «${DOCUMENT_LABELS[missing]}» را بفرستید.`,
                missing,
              );
            }
            const [sent] = await tx
              .update(verificationRequests)
              .set({ status: 'submitted', submittedAt: now, reason: null, reviewerId: null, claimedAt: null })
              .where(eq(verificationRequests.id, request.id))
              .returning();
            request = sent!;
            await queueMoved(tx, broadcast);
          }
          await mirror(tx, owner.id, request.status);
          await recordActivity(tx, {
            event: input.submit ? 'kyc:submitted' : 'kyc:draft.saved',
            actorId: owner.id,
            subject: { type: 'verification', id: request.id },
            ip: context.ip,
            userAgent: context.userAgent,
            properties: { type: request.type, documents: written.map((w) => w.kind) },
          });
          return request;
        });
        await dropUnused(replaced);
        return saved;
      } catch (error) {
        await dropUnused(written.map((w) => w.key));
        throw error;
      }
    },

    /**
     * `panel.account.verify.destroy`: a sent request not yet claimed goes back to a draft; a
     * draft is deleted with its papers. One under review (or decided) is not withdrawn.
     */
    async withdrawOwn(userId: number, context: RequestContext): Promise<'draft' | 'deleted'> {
      let freed: string[] = [];
      const outcome = await inTransaction(async (tx, broadcast) => {
        await lockUser(tx, userId);
        const current = await latestOf(tx, userId);
        if (current?.status === 'under_review') {
          throw new VerificationError(
            'RF_KYC_UNDER_REVIEW',
            'کارشناس ما در حال بررسی این درخواست است و دیگر پس گرفته نمی‌شود.',
          );
        }
        if (!current || (current.status !== 'draft' && current.status !== 'submitted')) {
          throw new VerificationError('RF_KYC_NOTHING_TO_WITHDRAW', 'درخواستی برای پس گرفتن ندارید.');
        }
        if (current.status === 'submitted') {
          await tx
            .update(verificationRequests)
            .set({ status: 'draft', submittedAt: null, updatedAt: clock() })
            .where(eq(verificationRequests.id, current.id));
          await mirror(tx, userId, 'draft');
          await queueMoved(tx, broadcast);
        } else {
          freed = (await documentsOf(tx, current.id)).map((d) => d.storageKey);
          await tx.delete(verificationRequests).where(eq(verificationRequests.id, current.id));
          const before = await latestOf(tx, userId);
          await mirror(tx, userId, before?.status ?? 'none');
        }
        await recordActivity(tx, {
          event: 'kyc:withdrawn',
          actorId: userId,
          subject: { type: 'verification', id: current.id },
          ip: context.ip,
          userAgent: context.userAgent,
          properties: { from: current.status },
        });
        return current.status === 'submitted' ? ('draft' as const) : ('deleted' as const);
      });
      await dropUnused(freed);
      return outcome;
    },

    /**
     * `panel.account.verify.renew`: after a rejection or a revoke, starts the next request (the
     * last one's fields, proven mobile and papers but the selfie) with words of its own for the
     * selfie, so the page shows the code of the request the new photo goes into. With a draft
     * already there, that draft is the answer.
     */
    async renewOwn(userId: number): Promise<VerificationRequest> {
      return db.transaction(async (tx) => {
        const owner = await lockUser(tx, userId);
        if (!owner) throw kycNotFound();
        const { draft, started } = await editableOf(tx, owner);
        if (started) await mirror(tx, userId, 'draft');
        return draft;
      });
    },

    /**
     * The request before the current draft, when a decision ended it (rejected or revoked): the
     * page keeps saying why while the customer prepares the next one.
     */
    async previousDecision(userId: number, currentId: number) {
      const [row] = await db
        .select({ status: verificationRequests.status, reason: verificationRequests.reason })
        .from(verificationRequests)
        .where(and(eq(verificationRequests.userId, userId), sql`${verificationRequests.id} < ${currentId}`))
        .orderBy(desc(verificationRequests.id))
        .limit(1);
      return row && (row.status === 'rejected' || row.status === 'revoked') ? row : null;
    },

    /**
     * The account's mobile just answered an SMS code: the request being prepared records it as
     * proven (a new draft is started if there is none). A request with care keeps what it had.
     */
    async proveMobile(userId: number, mobile: string): Promise<void> {
      await db.transaction(async (tx) => {
        const owner = await lockUser(tx, userId);
        if (!owner || owner.kycStatus === 'approved') return;
        const current = await latestOf(tx, userId);
        if (
          current &&
          current.status !== 'draft' &&
          current.status !== 'rejected' &&
          current.status !== 'revoked'
        )
          return;
        const draft = current?.status === 'draft' ? current : await newDraft(tx, owner, current);
        await tx
          .update(verificationRequests)
          .set({ mobile, mobileVerifiedAt: clock(), updatedAt: clock() })
          .where(eq(verificationRequests.id, draft.id));
        if (owner.kycStatus !== 'draft') await mirror(tx, userId, 'draft');
      });
    },

    /** An owner's own document, or not found (another account's is not found either). */
    async ownDocument(userId: number, documentUuid: string): Promise<StoredFile> {
      const [row] = await db
        .select({ doc: verificationDocuments })
        .from(verificationDocuments)
        .innerJoin(verificationRequests, eq(verificationRequests.id, verificationDocuments.requestId))
        .where(and(eq(verificationDocuments.uuid, documentUuid), eq(verificationRequests.userId, userId)));
      if (!row) throw kycNotFound();
      return open(row.doc);
    },

    /** A document for staff: every view is written to the activity log with who looked. */
    async staffDocument(
      staff: User,
      requestId: number,
      documentUuid: string,
      context: RequestContext,
    ): Promise<StoredFile> {
      const [row] = await db
        .select({ doc: verificationDocuments, request: verificationRequests })
        .from(verificationDocuments)
        .innerJoin(verificationRequests, eq(verificationRequests.id, verificationDocuments.requestId))
        .where(and(eq(verificationDocuments.uuid, documentUuid), eq(verificationRequests.id, requestId)));
      if (!row) throw kycNotFound();
      const file = await open(row.doc);
      await staffActivity(db, 'kyc:document.viewed', staff, row.request, context, {
        document: row.doc.uuid,
        kind: row.doc.kind,
      });
      return file;
    },

    /** `care.verify.claim`: submitted → under review, the reviewer is the one who claimed it. */
    async claim(staff: User, id: number, context: RequestContext): Promise<VerificationRequest> {
      return inTransaction(async (tx, broadcast) => {
        const request = await lockRequest(tx, id);
        if (request.status === 'under_review') {
          if (request.reviewerId === staff.id) return request;
          throw claimedByOther();
        }
        if (request.status !== 'submitted') {
          throw new VerificationError('RF_KYC_NOT_CLAIMABLE', 'این درخواست در صف بررسی نیست.');
        }
        const now = clock();
        const [claimed] = await tx
          .update(verificationRequests)
          .set({ status: 'under_review', reviewerId: staff.id, claimedAt: now, updatedAt: now })
          .where(eq(verificationRequests.id, id))
          .returning();
        await mirror(tx, request.userId, 'under_review');
        await staffActivity(tx, 'kyc:claimed', staff, request, context);
        await queueMoved(tx, broadcast);
        return claimed!;
      });
    },

    /**
     * `care.verify.decide`: only by the reviewer who claimed it. Approve opens Make, start and
     * large top-ups at once; reject says why (the validator asks for the reason).
     */
    async decide(
      staff: User,
      id: number,
      input: {
        decision: 'approve' | 'reject';
        reason?: string | undefined;
        /** An admin's reason to approve a national code another account holds approved. */
        override_reason?: string | undefined;
      },
      context: RequestContext,
    ): Promise<VerificationRequest> {
      return inTransaction(async (tx, broadcast) => {
        const request = await lockRequest(tx, id);
        if (request.status === 'submitted') {
          throw new VerificationError(
            'RF_KYC_NOT_DECIDABLE',
            'نخست درخواست را برای بررسی بردارید، سپس تصمیم بگیرید.',
            'decision',
          );
        }
        if (request.status !== 'under_review') {
          throw new VerificationError(
            'RF_KYC_NOT_DECIDABLE',
            'دربارهٔ این درخواست پیش‌تر تصمیم گرفته شده است.',
            'decision',
          );
        }
        if (request.reviewerId !== staff.id) throw claimedByOther();
        let overridden: number[] = [];
        if (input.decision === 'approve') {
          const missing = await missingPapers(request.type, await documentsOf(tx, request.id));
          if (missing.length > 0) {
            throw new VerificationError(
              'RF_KYC_DOCUMENTS_MISSING',
              `پیش از تأیید، این مدارک باید در دست باشد: ${paperNames(missing)}. درخواست را با دلیل رد کنید تا مشتری آن‌ها را دوباره بفرستد.`,
              'decision',
            );
          }
          if (request.nationalCode) {
            // Two reviewers approving the same code on two accounts at once: the second waits here
            // and then sees the first one's approval.
            await tx.execute(
              sql`select pg_advisory_xact_lock(hashtext(${`kyc:national-code:${request.nationalCode}`}))`,
            );
          }
          overridden = await approvedElsewhere(tx, request);
          if (overridden.length > 0) {
            if (staff.role !== 'admin') {
              throw new VerificationError(
                'RF_KYC_DUPLICATE_APPROVED',
                'این کد ملی پیش‌تر برای حساب دیگری تأیید شده است؛ تأیید این درخواست تنها با نظر مدیر و نوشتن دلیل ممکن است.',
                'decision',
              );
            }
            if (!input.override_reason?.trim()) {
              throw new VerificationError(
                'RF_KYC_DUPLICATE_APPROVED',
                'این کد ملی پیش‌تر برای حساب دیگری تأیید شده است؛ برای تأیید این درخواست هم، دلیل را بنویسید.',
                'override_reason',
              );
            }
          }
        }
        const status: VerificationStatus = input.decision === 'approve' ? 'approved' : 'rejected';
        const reason = input.reason ?? null;
        const now = clock();
        const [decided] = await tx
          .update(verificationRequests)
          .set({ status, reason, reviewedAt: now, updatedAt: now })
          .where(eq(verificationRequests.id, id))
          .returning();
        // The verified person's name is the account's from now on (invoices, Account/Show).
        const name =
          status === 'approved' && request.type === 'individual' && request.firstName && request.lastName
            ? { name: `${request.firstName} ${request.lastName}` }
            : {};
        await mirror(tx, request.userId, status, name);
        await staffActivity(tx, `kyc:${status}`, staff, request, context, reason ? { reason } : {});
        if (overridden.length > 0) {
          await staffActivity(tx, 'kyc:duplicate.overridden', staff, request, context, {
            reason: input.override_reason!.trim(),
            accounts: overridden,
          });
        }
        await tellCustomer(tx, broadcast, decided!, status, reason, context);
        await queueMoved(tx, broadcast);
        return decided!;
      });
    },

    /** `admin.verify.revoke`: an approval taken back; the gates close again. */
    async revoke(
      admin: User,
      id: number,
      reason: string,
      context: RequestContext,
    ): Promise<VerificationRequest> {
      return inTransaction(async (tx, broadcast) => {
        const request = await lockRequest(tx, id);
        if (request.status !== 'approved') {
          throw new VerificationError(
            'RF_KYC_NOT_REVOCABLE',
            'تنها یک احراز هویت تأییدشده لغو می‌شود.',
            'reason',
          );
        }
        const now = clock();
        const [revoked] = await tx
          .update(verificationRequests)
          .set({ status: 'revoked', reason, revokedAt: now, updatedAt: now })
          .where(eq(verificationRequests.id, id))
          .returning();
        await mirror(tx, request.userId, 'revoked');
        await staffActivity(tx, 'kyc:revoked', admin, request, context, { reason });
        await tellCustomer(tx, broadcast, revoked!, 'revoked', reason, context);
        return revoked!;
      });
    },

    /** Care and admin lists: waiting ones oldest first (care), or every status newest first (admin). */
    async list(filters: {
      statuses?: VerificationStatus[] | undefined;
      type?: VerificationRequest['type'] | undefined;
      reviewerId?: number | undefined;
      userIds?: number[] | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      oldestFirst?: boolean;
      page: number;
      perPage: number;
    }) {
      const conditions: SQL[] = [ne(verificationRequests.status, 'draft')];
      if (filters.statuses?.length) conditions.push(inArray(verificationRequests.status, filters.statuses));
      if (filters.type) conditions.push(eq(verificationRequests.type, filters.type));
      if (filters.reviewerId) conditions.push(eq(verificationRequests.reviewerId, filters.reviewerId));
      if (filters.userIds) {
        if (filters.userIds.length === 0) conditions.push(sql`false`);
        else conditions.push(inArray(verificationRequests.userId, filters.userIds));
      }
      if (filters.from) conditions.push(sql`${verificationRequests.submittedAt} >= ${filters.from}`);
      if (filters.to) conditions.push(sql`${verificationRequests.submittedAt} < ${filters.to}`);
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(verificationRequests).where(where);
      const rows = await db
        .select()
        .from(verificationRequests)
        .where(where)
        .orderBy(
          filters.oldestFirst
            ? asc(verificationRequests.submittedAt)
            : desc(verificationRequests.submittedAt),
          asc(verificationRequests.id),
        )
        .limit(filters.perPage)
        .offset((filters.page - 1) * filters.perPage);
      const people = await userCards(
        db,
        rows.map((r) => r.userId),
      );
      const reviewers = await userNames(
        db,
        rows.map((r) => r.reviewerId).filter((r): r is number => r !== null),
      );
      return {
        rows: rows.map((request) => ({
          request,
          owner: people.get(request.userId) ?? null,
          reviewer: request.reviewerId ? (reviewers.get(request.reviewerId)?.name ?? null) : null,
        })),
        total: total?.n ?? 0,
      };
    },

    /** One request for a reviewer: the data, its papers, the checks and the account's other attempts. */
    async review(id: number) {
      const [request] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
      if (!request || request.status === 'draft') throw kycNotFound();
      const people = await userCards(db, [request.userId]);
      const owner = people.get(request.userId) ?? null;
      const [documents, attempts, duplicates, reviewer] = await Promise.all([
        documentsOf(db, request.id),
        db
          .select()
          .from(verificationRequests)
          .where(
            and(
              eq(verificationRequests.userId, request.userId),
              ne(verificationRequests.id, request.id),
              ne(verificationRequests.status, 'draft'),
            ),
          )
          .orderBy(desc(verificationRequests.id))
          .limit(20),
        request.nationalCode
          ? db
              .selectDistinctOn([verificationRequests.userId], {
                userId: verificationRequests.userId,
                status: verificationRequests.status,
              })
              .from(verificationRequests)
              .where(
                and(
                  eq(verificationRequests.nationalCode, request.nationalCode),
                  ne(verificationRequests.userId, request.userId),
                  ne(verificationRequests.status, 'draft'),
                ),
              )
              .orderBy(verificationRequests.userId, desc(verificationRequests.id))
              .limit(10)
          : Promise.resolve([]),
        request.reviewerId ? userNames(db, [request.reviewerId]) : Promise.resolve(new Map()),
      ]);
      const duplicateNames = await userNames(
        db,
        duplicates.map((d) => d.userId),
      );
      const fullOwner = Boolean((await findUser(db, request.userId))?.mobileVerifiedAt);
      const checks: VerificationChecks = {
        national_code_valid: request.nationalCode ? isNationalCode(request.nationalCode) : false,
        mobile_matches:
          Boolean(request.mobile && request.mobileVerifiedAt) &&
          owner?.mobile === request.mobile &&
          fullOwner,
        duplicates: duplicates.map((d) => ({
          user_id: d.userId,
          name: duplicateNames.get(d.userId)?.name ?? '—',
          status: d.status,
        })),
      };
      return {
        request,
        owner,
        documents,
        attempts,
        checks,
        /** What stands between this request and an approval (the decide rule reads the same). */
        approval: {
          missing: await missingPapers(request.type, documents),
          approvedElsewhere: await approvedElsewhere(db, request),
        },
        reviewer: request.reviewerId
          ? ((reviewer.get(request.reviewerId)?.name as string | undefined) ?? null)
          : null,
      };
    },

    /** How many requests wait for a reviewer (Care/Home, the nav badge). */
    async waitingCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(verificationRequests)
        .where(inArray(verificationRequests.status, WAITING));
      return row?.n ?? 0;
    },

    OPEN,
  };

  async function open(doc: VerificationDocument): Promise<StoredFile> {
    const stat = await storage.stat(doc.storageKey);
    if (!stat) throw kycNotFound();
    const extension =
      doc.mime === 'application/pdf'
        ? 'pdf'
        : doc.mime.split('/')[1] === 'jpeg'
          ? 'jpg'
          : doc.mime.split('/')[1];
    return {
      stream: await storage.get(doc.storageKey),
      mime: doc.mime,
      size: stat.size,
      name: `${doc.kind}.${extension}`,
    };
  }
}

function claimedByOther() {
  return new VerificationError(
    'RF_KYC_CLAIMED_BY_OTHER',
    'این درخواست را همکار دیگری برای بررسی برداشته است؛ تنها همان کارشناس دربارهٔ آن تصمیم می‌گیرد.',
    'decision',
  );
}

export type VerificationService = ReturnType<typeof createVerificationService>;
