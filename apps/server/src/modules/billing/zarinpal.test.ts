import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeZarinpal, startFakeZarinpal } from '../../../../../tests/support/fake-zarinpal';
import { createZarinpalClient, GatewayUnavailableError, ZarinpalError } from './zarinpal';

const MERCHANT = '1344b5d4-0048-11e8-94db-005056a205be';
const CALLBACK = 'https://panel.example.test/payments/callback?payment=7';

describe('Zarinpal v4 client', () => {
  let fake: FakeZarinpal;
  let client: ReturnType<typeof createZarinpalClient>;
  beforeAll(async () => {
    fake = await startFakeZarinpal();
    client = createZarinpalClient({ merchantId: MERCHANT, baseUrl: fake.url, timeoutMs: 2_000 });
  });
  afterAll(() => fake.close());

  const open = (amount = 500_000) =>
    client.request({ amount, description: 'شارژ کیف پول', callbackUrl: CALLBACK });

  it('requests a payment in Rial and returns the authority', async () => {
    const { authority, fee } = await client.request({
      amount: 1_250_000,
      description: 'شارژ کیف پول',
      callbackUrl: CALLBACK,
      metadata: { order_id: '7', mobile: '09120000000' },
    });
    expect(authority).toMatch(/^A\d{35}$/);
    expect(fee).toBe(12_500);
    expect(fake.requests.at(-1)).toEqual({
      merchant_id: MERCHANT,
      amount: 1_250_000,
      currency: 'IRR',
      description: 'شارژ کیف پول',
      callback_url: CALLBACK,
      metadata: { order_id: '7', mobile: '09120000000' },
    });
  });

  it('throws ZarinpalError with the gateway’s code when the request is refused', async () => {
    fake.failNextRequest(-9);
    const error = await open().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZarinpalError);
    expect((error as ZarinpalError).code).toBe(-9);
    // A real validation failure too (amount under Zarinpal's floor), with no merchant id in the message.
    const small = await open(10).catch((e: unknown) => e);
    expect((small as ZarinpalError).code).toBe(-9);
    expect((small as Error).message).not.toContain(MERCHANT);
  });

  it('refuses amounts that are not positive whole Rials before calling the gateway', async () => {
    const before = fake.calls.length;
    await expect(open(12.5)).rejects.toThrow(RangeError);
    await expect(open(0)).rejects.toThrow(RangeError);
    expect(fake.calls.length).toBe(before);
  });

  it('throws GatewayUnavailableError on 500, timeout and a closed port', async () => {
    fake.failNextRequest(500);
    await expect(open()).rejects.toThrow(GatewayUnavailableError);
    fake.failNextRequest('timeout');
    await expect(open()).rejects.toThrow(/no answer within 2000 ms/);

    const closed = await startFakeZarinpal();
    await closed.close();
    const offline = createZarinpalClient({ merchantId: MERCHANT, baseUrl: closed.url });
    const error = await offline
      .request({ amount: 500_000, description: 'x', callbackUrl: CALLBACK })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect((error as Error).message).not.toContain(MERCHANT);
  });

  it('verifies a paid session: 100 the first time, 101 afterwards, with a string ref_id', async () => {
    const { authority } = await open(500_000);
    fake.markPaid(authority);
    const first = await client.verify({ authority, amount: 500_000 });
    expect(first).toMatchObject({ kind: 'paid', code: 100, cardPan: '502229******5995', fee: 5000 });
    if (first.kind !== 'paid') throw new Error('not paid');
    expect(first.refId).toMatch(/^\d+$/);
    expect(first.cardHash).toMatch(/^[0-9A-F]{64}$/);
    const second = await client.verify({ authority, amount: 500_000 });
    expect(second).toMatchObject({ kind: 'paid', code: 101, refId: first.refId });
  });

  it('reports a different amount as mismatch (-50)', async () => {
    const { authority } = await open(500_000);
    fake.markPaid(authority);
    expect(await client.verify({ authority, amount: 5_000_000 })).toEqual({ kind: 'mismatch', code: -50 });
  });

  it('reports a session cancelled on the StartPay page as failed (-51)', async () => {
    const { authority } = await open();
    const pay = client.payUrl(authority);
    const html = await (await fetch(pay)).text();
    expect(html).toContain('lang="fa"');
    expect(html).toContain('انصراف');
    const back = await fetch(`${pay}/cancel`, { method: 'POST', redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://panel.example.test/payments/callback');
    expect(location.searchParams.get('payment')).toBe('7');
    expect(location.searchParams.get('Authority')).toBe(authority);
    expect(location.searchParams.get('Status')).toBe('NOK');
    expect(await client.verify({ authority, amount: 500_000 })).toEqual({ kind: 'failed', code: -51 });
  });

  it('reports an unknown authority as invalid (-54)', async () => {
    const outcome = await client.verify({ authority: `A${'9'.repeat(35)}`, amount: 500_000 });
    expect(outcome).toMatchObject({ kind: 'invalid', code: -54 });
  });

  it('throws GatewayUnavailableError when verify gets a 500 or no answer, and verifies on retry', async () => {
    const { authority } = await open();
    fake.markPaid(authority);
    fake.script(authority, 500);
    fake.script(authority, 'timeout');
    await expect(client.verify({ authority, amount: 500_000 })).rejects.toThrow(GatewayUnavailableError);
    await expect(client.verify({ authority, amount: 500_000 })).rejects.toThrow(GatewayUnavailableError);
    expect(await client.verify({ authority, amount: 500_000 })).toMatchObject({ kind: 'paid', code: 100 });
  });

  it('lists a paid but unverified session until it is verified', async () => {
    const { authority } = await open(700_000);
    // Paid through the StartPay page's «پرداخت» form, as a browser would.
    const back = await fetch(`${client.payUrl(authority)}/pay`, { method: 'POST', redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('Status')).toBe('OK');
    expect(await client.unverified()).toContainEqual({ authority, amount: 700_000 });
    await client.verify({ authority, amount: 700_000 });
    expect((await client.unverified()).map((p) => p.authority)).not.toContain(authority);
  });

  it('builds the StartPay URL on the production, sandbox or given base', () => {
    const authority = 'A00000000000000000000000000217885159';
    expect(createZarinpalClient({ merchantId: MERCHANT }).payUrl(authority)).toBe(
      `https://payment.zarinpal.com/pg/StartPay/${authority}`,
    );
    expect(createZarinpalClient({ merchantId: MERCHANT, sandbox: true }).payUrl(authority)).toBe(
      `https://sandbox.zarinpal.com/pg/StartPay/${authority}`,
    );
    expect(client.payUrl(authority)).toBe(`${fake.url}/pg/StartPay/${authority}`);
  });
});
