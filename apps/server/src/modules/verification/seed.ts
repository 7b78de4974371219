import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import type { DemoSeedContext } from '../app-module';
import { insertUser } from '../users';
import { type DemoPerson, demoPapers } from './demo-papers';
import { DEMO_PAPERS_PREFIX, requiredKinds } from './service';
import { type NewVerificationRequest, verificationDocuments, verificationRequests } from './tables';

const HOUR = 60 * 60 * 1000;

/** Demo customers waiting on (or past) an identity check, so Care/Verify/List has work on a fresh database. */
const PEOPLE = [
  {
    name: 'زهرا احمدی',
    mobile: '09121000101',
    request: {
      firstName: 'زهرا',
      lastName: 'احمدی',
      nationalCode: '0013542419',
      birthDate: '1994-08-02',
      selfieText: 'رندر فارم ابری — ۵۳۰۸۱۷',
      status: 'submitted',
      ago: 3,
    },
  },
  {
    name: 'سارا کریمی',
    mobile: '09121000102',
    request: {
      type: 'legal',
      firstName: 'سارا',
      lastName: 'کریمی',
      nationalCode: '0067749828',
      birthDate: '1988-01-17',
      companyName: 'نقش‌آفرینان پارس',
      companyNationalId: '10320456789',
      companyRegistrationNo: '548712',
      selfieText: 'رندر فارم ابری — ۲۴۷۳۶۳',
      status: 'submitted',
      ago: 26,
    },
  },
  {
    name: 'محمد حسینی',
    mobile: '09121000103',
    request: {
      firstName: 'محمد',
      lastName: 'حسینی',
      nationalCode: '0084575948',
      birthDate: '1991-11-05',
      selfieText: 'رندر فارم ابری — ۶۹۱۴۲۸',
      status: 'under_review',
      ago: 5,
    },
  },
  {
    name: 'امیر رستمی',
    mobile: '09121000104',
    request: {
      firstName: 'امیر',
      lastName: 'رستمی',
      // The same code as another account's request: the reviewer's duplicate check lights up.
      nationalCode: '0084575948',
      birthDate: '1990-02-11',
      selfieText: 'رندر فارم ابری — ۳۵۸۱۷۰',
      status: 'rejected',
      reason: 'کد ملی با نام روی کارت ملی نمی‌خواند؛ تصویر روشن‌تری از روی کارت بفرستید.',
      ago: 50,
    },
  },
] as const;

/**
 * Stores a demo request's papers (drawn pictures, demo-papers.ts) and their rows: what its kind
 * needs, so every request care may approve can be approved. Keys are the bytes' hash: the same
 * pictures seeded into another database share one stored object instead of piling up.
 */
async function seedPapers(db: Database, demo: DemoSeedContext, requestId: number, person: DemoPerson) {
  for (const paper of demoPapers(person, requiredKinds(person.type))) {
    const sha256 = createHash('sha256').update(paper.bytes).digest('hex');
    const storageKey = `${DEMO_PAPERS_PREFIX}${sha256}`;
    await demo.storage.put(storageKey, paper.bytes);
    await db.insert(verificationDocuments).values({
      requestId,
      kind: paper.kind,
      storageKey,
      mime: 'image/png',
      size: paper.bytes.length,
      sha256,
      fileName: paper.fileName,
    });
  }
}

const personOf = (row: NewVerificationRequest): DemoPerson => ({
  type: row.type ?? 'individual',
  firstName: row.firstName ?? '',
  lastName: row.lastName ?? '',
  nationalCode: row.nationalCode ?? '',
  birthDate: row.birthDate ?? '',
  selfieText: row.selfieText ?? '',
  companyName: row.companyName ?? null,
  companyNationalId: row.companyNationalId ?? null,
  companyRegistrationNo: row.companyRegistrationNo ?? null,
});

/**
 * The demo customer's approved identity check (reviewed by the demo care user), and a few other
 * customers' requests in the other states: two waiting, one being reviewed by care, one rejected.
 * Each carries the papers of its kind (drawn pictures, stored through `demo.storage`).
 */
export async function seedDemoVerification(db: Database, demo: DemoSeedContext): Promise<void> {
  const careId = demo.userIds.get('care');
  const approved: NewVerificationRequest = {
    userId: demo.userIds.get('customer')!,
    firstName: 'علی',
    lastName: 'رضایی',
    nationalCode: '0499370899',
    birthDate: '1990-03-21',
    mobile: '09120000000',
    mobileVerifiedAt: demo.now,
    selfieText: 'رندر فارم ابری — ۴۱۲۷۰۳',
    status: 'approved',
    reviewerId: careId,
    submittedAt: demo.now,
    claimedAt: demo.now,
    reviewedAt: demo.now,
  };
  const [customer] = await db.insert(verificationRequests).values(approved).returning();
  await seedPapers(db, demo, customer!.id, personOf(approved));
  for (const person of PEOPLE) {
    const { ago, ...request } = person.request;
    const at = new Date(demo.now.getTime() - ago * HOUR);
    const user = await insertUser(db, {
      name: person.name,
      mobile: person.mobile,
      mobileVerifiedAt: at,
      kycStatus: request.status,
      createdAt: new Date(at.getTime() - 24 * HOUR),
    });
    const values: NewVerificationRequest = {
      ...request,
      userId: user.id,
      mobile: person.mobile,
      mobileVerifiedAt: at,
      submittedAt: at,
      createdAt: at,
      updatedAt: at,
      ...(request.status === 'under_review' ? { reviewerId: careId, claimedAt: demo.now } : {}),
      ...(request.status === 'rejected' ? { reviewerId: careId, claimedAt: at, reviewedAt: at } : {}),
    };
    const [row] = await db.insert(verificationRequests).values(values).returning();
    await seedPapers(db, demo, row!.id, personOf(values));
  }
}
