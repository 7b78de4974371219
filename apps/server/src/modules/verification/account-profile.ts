import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type RequestContext, recordActivity } from '../activity';
import type { BillTo, BillToValues } from '../billing';
import { LIMIT_LABELS, resolveLimit } from '../catalog';
import type { User } from '../users';
import { billToValues } from './bill-to-values';
import type { EffectiveLimit } from './contracts';
import { accountProfiles, type VerificationRequest, verificationRequests } from './tables';

/** The approved identity, when there is one: its name and code are the account's from then on. */
async function approvedIdentity(db: Database, user: User): Promise<VerificationRequest | null> {
  if (user.kycStatus !== 'approved') return null;
  const [row] = await db
    .select()
    .from(verificationRequests)
    .where(eq(verificationRequests.userId, user.id))
    .orderBy(desc(verificationRequests.id))
    .limit(1);
  return row?.status === 'approved' ? row : null;
}

/** A bill-to with the verified person's name and national code in place of typed ones. */
function lockNames(billTo: BillTo, identity: VerificationRequest | null): BillTo {
  if (!identity || billTo.kind !== 'person' || identity.type !== 'individual') return billTo;
  return {
    ...billTo,
    name: `${identity.firstName ?? ''} ${identity.lastName ?? ''}`.trim() || billTo.name,
    national_code: identity.nationalCode ?? billTo.national_code,
  };
}

/** Panel/Account: the saved bill-to profile and the opt-in (defaults before the first save). */
export async function accountProfileOf(db: Database, user: User) {
  const [[row], identity] = await Promise.all([
    db.select().from(accountProfiles).where(eq(accountProfiles.userId, user.id)),
    approvedIdentity(db, user),
  ]);
  const saved = (row?.billTo as BillTo | null | undefined) ?? null;
  const billTo = saved ? lockNames(saved, identity) : null;
  const values: BillToValues = billToValues(billTo, user.name);
  const namesLocked = identity !== null && identity.type === 'individual';
  if (namesLocked && values.kind === 'person') {
    values.name = `${identity.firstName ?? ''} ${identity.lastName ?? ''}`.trim() || values.name;
    values.national_code = identity.nationalCode ?? values.national_code;
  }
  return { billTo, values, namesLocked, marketingOptIn: row?.marketingOptIn ?? false };
}

/** `panel.account.update`: the bill-to (verified names win over typed ones) and the opt-in. */
export async function saveAccountProfile(
  db: Database,
  user: User,
  input: { billTo: BillTo; marketingOptIn: boolean },
  context: RequestContext,
): Promise<void> {
  const identity = await approvedIdentity(db, user);
  const billTo = lockNames(input.billTo, identity) as unknown as Record<string, string>;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(accountProfiles)
      .values({ userId: user.id, billTo, marketingOptIn: input.marketingOptIn, updatedAt: now })
      .onConflictDoUpdate({
        target: accountProfiles.userId,
        set: { billTo, marketingOptIn: input.marketingOptIn, updatedAt: now },
      });
    await recordActivity(tx, {
      event: 'account:profile.updated',
      actorId: user.id,
      subject: { type: 'user', id: user.id },
      ip: context.ip,
      userAgent: context.userAgent,
      properties: { bill_to: billTo.kind, marketing_opt_in: input.marketingOptIn },
    });
  });
}

/** Every limit as it applies to this account now (its own rule, its role's, or the global one). */
export async function accountLimits(db: Database, user: User): Promise<EffectiveLimit[]> {
  const keys = Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[];
  return Promise.all(
    keys.map(async (key) => {
      const limit = await resolveLimit(db, user, key);
      const label = LIMIT_LABELS[key];
      if (key === 'max_topup_unverified' && user.kycStatus === 'approved') {
        return { key, label: label.name, value: null };
      }
      return { key, label: label.name, value: limit.allowed === null ? null : label.value(limit.allowed) };
    }),
  );
}
