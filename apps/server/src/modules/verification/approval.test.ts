import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error';
import { createLocalDiskStorage } from '../../lib/storage';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { makePng } from '../../testing/images';
import { activityLog } from '../activity/tables';
import { findUser, insertUser } from '../users/queries';
import type { User } from '../users/tables';
import { createVerificationService, type VerificationService } from './service';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  VERIFICATION_TYPES,
  type VerificationType,
  verificationDocuments,
  verificationRequests,
} from './tables';

/**
 * The papers an approval needs, written here on their own (docs/domain.md, Identity checks): a
 * person's national card, both sides, and the selfie holding the request's note; a company's
 * signatory the same, plus the company's official gazette.
 */
const NEEDED: Record<VerificationType, DocumentKind[]> = {
  individual: ['id_front', 'id_back', 'selfie'],
  legal: ['id_front', 'id_back', 'selfie', 'company_paper'],
};

const subsets = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: 2 ** items.length }, (_, mask) => items.filter((_, i) => mask & (1 << i)));

const context = { ip: '10.9.0.1', userAgent: 'vitest' };

/** A valid national code of its own for each request (another's approval would stand in the way). */
function nationalCodeFor(n: number): string {
  const body = String(100_000_000 + n).slice(-9);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
  const remainder = sum % 11;
  return `${body}${remainder < 2 ? remainder : 11 - remainder}`;
}

/**
 * The approval invariant: for every kind of request and every set of papers it may carry, care's
 * approval goes through only with the complete set (and only when each paper is really stored);
 * otherwise a Persian refusal, and the request, the account and the log are as they were.
 */
describe(`approving an identity check needs its papers (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let storageDir: string;
  let service: VerificationService;
  let care: User;
  let serial = 0;
  const published: BroadcastEvent[] = [];
  const db = () => database.db;
  const storage = () => createLocalDiskStorage(storageDir);

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = await mkdtemp(join(tmpdir(), 'rf-kyc-approval-'));
    service = createVerificationService({
      db: db(),
      broadcaster: { publish: async (event) => void published.push(event) },
      storage: storage(),
    });
    care = await insertUser(db(), { name: 'کارشناس', email: 'care-approval@renderfarm.test', role: 'care' });
  });
  afterAll(async () => {
    await database.destroy();
    await rm(storageDir, { recursive: true, force: true });
  });

  /** A request of `type` under review by `care`, carrying exactly `kinds` (each stored). */
  async function underReview(type: VerificationType, kinds: DocumentKind[]) {
    serial += 1;
    const owner = await insertUser(db(), {
      name: `مشتری ${serial}`,
      email: `approval-${serial}@renderfarm.test`,
      kycStatus: 'under_review',
    });
    const [request] = await db()
      .insert(verificationRequests)
      .values({
        userId: owner.id,
        type,
        firstName: 'مینا',
        lastName: 'نوری',
        nationalCode: nationalCodeFor(serial),
        birthDate: '1990-01-01',
        companyName: type === 'legal' ? 'شرکت نمونه' : null,
        companyNationalId: type === 'legal' ? '10320456789' : null,
        companyRegistrationNo: type === 'legal' ? '12345' : null,
        selfieText: `رندر فارم ابری — ${serial}`,
        status: 'under_review',
        reviewerId: care.id,
        submittedAt: new Date(),
        claimedAt: new Date(),
      })
      .returning();
    for (const kind of kinds) {
      const key = `kyc/${owner.id}/${kind}-${serial}`;
      const bytes = makePng(4, 4, [10, 20, 30]);
      await storage().put(key, bytes);
      await db()
        .insert(verificationDocuments)
        .values({
          requestId: request!.id,
          kind,
          storageKey: key,
          mime: 'image/png',
          size: bytes.length,
          sha256: 'x'.repeat(64),
          fileName: `${kind}.png`,
        });
    }
    return { owner, request: request! };
  }

  const approvals = async (requestId: number) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, 'kyc:approved'), eq(activityLog.subjectId, String(requestId))));

  for (const type of VERIFICATION_TYPES) {
    for (const kinds of subsets(DOCUMENT_KINDS)) {
      const complete = NEEDED[type].every((kind) => kinds.includes(kind));
      it(`${type} with [${kinds.join(', ') || 'nothing'}]: ${complete ? 'approved' : 'refused'}`, async () => {
        const { owner, request } = await underReview(type, kinds);
        const missing = NEEDED[type].filter((kind) => !kinds.includes(kind));
        // The reviewer's page reads the same answer before anyone clicks.
        expect((await service.review(request.id)).approval.missing).toEqual(missing);
        const outcome = await service
          .decide(care, request.id, { decision: 'approve' }, context)
          .then(() => null)
          .catch((error: unknown) => error);
        const [after] = await db()
          .select()
          .from(verificationRequests)
          .where(eq(verificationRequests.id, request.id));
        if (complete) {
          expect(outcome).toBeNull();
          expect(after!.status).toBe('approved');
          expect((await findUser(db(), owner.id))!.kycStatus).toBe('approved');
          return;
        }
        expect(outcome).toBeInstanceOf(DomainError);
        const refusal = outcome as DomainError;
        expect(refusal.code).toBe('RF_KYC_DOCUMENTS_MISSING');
        expect(refusal.status).toBe(422);
        expect(refusal.field).toBe('decision');
        expect(refusal.message).toMatch(/[\u0600-\u06FF]/);
        // Each missing paper is named, in Persian.
        for (const kind of missing) expect(refusal.message).toContain(DOCUMENT_NAMES[kind]);
        expect(after).toEqual(request);
        expect((await findUser(db(), owner.id))!.kycStatus).toBe('under_review');
        expect(await approvals(request.id)).toEqual([]);
      });
    }
  }

  it('refuses a paper whose row is there but whose stored file is gone', async () => {
    const { request } = await underReview('individual', NEEDED.individual);
    const [selfie] = await db()
      .select()
      .from(verificationDocuments)
      .where(and(eq(verificationDocuments.requestId, request.id), eq(verificationDocuments.kind, 'selfie')));
    await storage().delete(selfie!.storageKey);
    expect((await service.review(request.id)).approval.missing).toEqual(['selfie']);
    await expect(service.decide(care, request.id, { decision: 'approve' }, context)).rejects.toMatchObject({
      code: 'RF_KYC_DOCUMENTS_MISSING',
    });
    const [after] = await db()
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, request.id));
    expect(after!.status).toBe('under_review');
  });

  it('still rejects (with a reason) a request missing papers', async () => {
    const { request } = await underReview('legal', []);
    const decided = await service.decide(
      care,
      request.id,
      { decision: 'reject', reason: 'مدارک شرکت فرستاده نشده است.' },
      context,
    );
    expect(decided.status).toBe('rejected');
  });
});

const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  id_front: 'روی کارت ملی',
  id_back: 'پشت کارت ملی',
  selfie: 'سلفی',
  company_paper: 'روزنامهٔ رسمی',
};
