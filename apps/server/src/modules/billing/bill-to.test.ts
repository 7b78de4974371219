import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { type User, users } from '../users/tables';
import { accountProfiles, verificationRequests } from '../verification/tables';
import { currentBillTo } from './bill-to';
import { issueTopUpInvoice } from './invoices';

const ADDRESS = { address: 'اصفهان، خیابان چهارباغ بالا، کوچهٔ ۱۲، پلاک ۴', postal_code: '8173615411' };

/**
 * Who a new invoice is made out to (Panel/Invoices/Make's form, and every invoice the system
 * issues): the saved bill-to profile, with the approved identity's name and codes over the typed
 * ones; with no profile, the approved identity itself; else the latest official invoice; else the name.
 */
describe(`billing: the bill-to of a new invoice (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  const db = () => database.db;
  let seq = 0;

  async function customer(name: string): Promise<User> {
    seq++;
    const [user] = await db()
      .insert(users)
      .values({ name, email: `bill-to-${seq}@example.test`, emailVerifiedAt: new Date() })
      .returning();
    return user!;
  }

  async function approve(user: User, identity: Partial<typeof verificationRequests.$inferInsert>) {
    await db()
      .insert(verificationRequests)
      .values({ userId: user.id, status: 'approved', reviewedAt: new Date(), ...identity });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('names a company by its approved identity when no profile is saved: national ID as economic code', async () => {
    const user = await customer('مهسا');
    await approve(user, {
      type: 'legal',
      firstName: 'مهسا',
      lastName: 'نادری',
      nationalCode: '0499370899',
      companyName: 'شرکت انیمیشن آوای پارس',
      companyNationalId: '10860953260',
      companyRegistrationNo: '45120',
    });
    expect(await currentBillTo(db(), user)).toEqual({
      kind: 'company',
      name: 'شرکت انیمیشن آوای پارس',
      company_id: '10860953260',
      economic_code: '10860953260',
    });
  });

  it('names a person by their approved identity when no profile is saved', async () => {
    const user = await customer('رضا');
    await approve(user, {
      type: 'individual',
      firstName: 'رضا',
      lastName: 'کریمی',
      nationalCode: '0790419904',
    });
    expect(await currentBillTo(db(), user)).toEqual({
      kind: 'person',
      name: 'رضا کریمی',
      national_code: '0790419904',
    });
  });

  it('keeps the profile’s address and postal code, with the approved codes over typed ones', async () => {
    const user = await customer('شرکت');
    await approve(user, {
      type: 'legal',
      companyName: 'شرکت انیمیشن آوای پارس',
      companyNationalId: '10860953260',
    });
    await db()
      .insert(accountProfiles)
      .values({
        userId: user.id,
        billTo: { kind: 'company', name: 'آوا', company_id: '10101234565', economic_code: '', ...ADDRESS },
      });
    expect(await currentBillTo(db(), user)).toEqual({
      kind: 'company',
      name: 'شرکت انیمیشن آوای پارس',
      company_id: '10860953260',
      economic_code: '10860953260',
      ...ADDRESS,
    });
  });

  it('leaves a profile alone when there is no approved identity, or it is of the other kind', async () => {
    const user = await customer('سارا');
    const profile = {
      kind: 'company',
      name: 'شرکت سارا',
      company_id: '10101234565',
      economic_code: '411153698574',
      ...ADDRESS,
    };
    await db().insert(accountProfiles).values({ userId: user.id, billTo: profile });
    expect(await currentBillTo(db(), user)).toEqual(profile);
    await db()
      .insert(verificationRequests)
      .values({ userId: user.id, type: 'individual', status: 'rejected', nationalCode: '0790419904' });
    expect(await currentBillTo(db(), user)).toEqual(profile);
    await approve(user, {
      type: 'individual',
      firstName: 'سارا',
      lastName: 'امینی',
      nationalCode: '0790419904',
    });
    // A person's identity does not rename the company the customer buys for.
    expect(await currentBillTo(db(), user)).toEqual(profile);
  });

  it('falls back to the name alone', async () => {
    const user = await customer('نیما');
    expect(await currentBillTo(db(), user)).toEqual({ kind: 'person', name: 'نیما' });
  });

  it('makes out a top-up invoice (the gateway’s) to the same bill-to, frozen', async () => {
    const user = await customer('رضا');
    await approve(user, {
      type: 'individual',
      firstName: 'رضا',
      lastName: 'کریمی',
      nationalCode: '0790419904',
    });
    await db()
      .insert(accountProfiles)
      .values({
        userId: user.id,
        billTo: { kind: 'person', name: 'رضا', national_code: '0499370899', ...ADDRESS },
      });
    const invoice = await db().transaction((tx) =>
      issueTopUpInvoice(tx, user, 1_000_000, { vatRate: 10, taxInclusive: false }),
    );
    expect(invoice.billTo).toEqual({
      kind: 'person',
      name: 'رضا کریمی',
      national_code: '0790419904',
      ...ADDRESS,
    });
  });
});
