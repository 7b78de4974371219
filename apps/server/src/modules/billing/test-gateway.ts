import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type TestGatewayOutcome, testGatewaySessions } from './tables';
import type { ZarinpalClient } from './zarinpal';

/**
 * The built-in test gateway (docs/screens.md `payments.test-gateway`): a bank of our own that lives
 * in the database, for development and demos while no Zarinpal merchant id is set. It speaks the
 * same client interface as Zarinpal and answers verify with Zarinpal's codes, so the payment code
 * runs the very same path; its pay page (test-gateway-routes.ts) says plainly that no money moves.
 */
export function createTestGateway(db: Database, appUrl: string): ZarinpalClient {
  return {
    async request(input) {
      // Zarinpal's shape: 'A' then 35 digits; 'T' marks ours.
      const authority = `T${Array.from({ length: 35 }, () => randomInt(10)).join('')}`;
      await db.insert(testGatewaySessions).values({
        authority,
        amount: input.amount,
        description: input.description,
        callbackUrl: input.callbackUrl,
      });
      return { authority };
    },

    payUrl: (authority) => new URL(`/test-gateway/${authority}`, appUrl).toString(),

    async verify({ authority, amount }) {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(testGatewaySessions)
          .where(eq(testGatewaySessions.authority, authority))
          .for('update');
        if (!session) return { kind: 'invalid', code: -54, message: 'Invalid authority.' };
        if (session.outcome !== 'paid') return { kind: 'failed', code: -51 };
        if (session.amount !== amount) return { kind: 'mismatch', code: -50 };
        if (session.verifiedAt) return { kind: 'paid', code: 101, refId: session.refId!, cardPan: TEST_CARD };
        await tx
          .update(testGatewaySessions)
          .set({ verifiedAt: new Date() })
          .where(eq(testGatewaySessions.authority, authority));
        return { kind: 'paid', code: 100, refId: session.refId!, cardPan: TEST_CARD };
      });
    },

    async unverified() {
      const rows = await db
        .select({ authority: testGatewaySessions.authority, amount: testGatewaySessions.amount })
        .from(testGatewaySessions)
        .where(and(eq(testGatewaySessions.outcome, 'paid'), isNull(testGatewaySessions.verifiedAt)));
      return rows;
    },
  };
}

/** The card the test gateway "pays" with, masked as Zarinpal masks card numbers. */
const TEST_CARD = '6037-99**-****-1234';

/** The tester's choice on the pay page; an open session only (a second click changes nothing). */
export async function settleTestSession(
  db: Database,
  authority: string,
  outcome: Exclude<TestGatewayOutcome, 'open'>,
): Promise<{ callbackUrl: string; outcome: TestGatewayOutcome } | null> {
  const [row] = await db
    .update(testGatewaySessions)
    .set({ outcome, refId: outcome === 'paid' ? String(randomInt(100_000_000, 999_999_999)) : null })
    .where(and(eq(testGatewaySessions.authority, authority), eq(testGatewaySessions.outcome, 'open')))
    .returning();
  if (row) return { callbackUrl: row.callbackUrl, outcome: row.outcome };
  const [existing] = await db
    .select()
    .from(testGatewaySessions)
    .where(and(eq(testGatewaySessions.authority, authority), ne(testGatewaySessions.outcome, 'open')));
  return existing ? { callbackUrl: existing.callbackUrl, outcome: existing.outcome } : null;
}

export async function findTestSession(db: Database, authority: string) {
  const [row] = await db
    .select()
    .from(testGatewaySessions)
    .where(eq(testGatewaySessions.authority, authority));
  return row;
}
