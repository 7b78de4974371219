/**
 * A small client of Zarinpal's payment gateway, API v4 (docs: zarinpal.com/docs/paymentGateway).
 *
 * Flow: `request` gives an authority, the buyer's browser goes to `payUrl(authority)`, Zarinpal sends
 * the buyer back to the callback URL with `?Authority=…&Status=OK|NOK`, and the server then calls
 * `verify` with the amount read from its own database (never from the callback's query string).
 *
 * Two kinds of failure are kept apart on purpose, because the caller reacts to them differently:
 * - `ZarinpalError`: the gateway answered and refused (a negative code such as -9): retrying the same
 *   call will not help;
 * - `GatewayUnavailableError`: no usable answer (network error, timeout, 5xx, a body that is not
 *   Zarinpal's JSON): the outcome is unknown, so a payment stays 'verifying' and is retried later.
 */

const PRODUCTION_BASE = 'https://payment.zarinpal.com';
const SANDBOX_BASE = 'https://sandbox.zarinpal.com';

/** No usable answer from the gateway; whether anything happened there is unknown. */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
}

/** The gateway answered and refused, with its (negative) code, e.g. -9 for a validation error. */
export class ZarinpalError extends Error {
  override readonly name = 'ZarinpalError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ZarinpalOptions {
  /** The 36-character merchant id. A secret of sorts: it never appears in an error message. */
  merchantId: string;
  /** Use sandbox.zarinpal.com instead of payment.zarinpal.com. */
  sandbox?: boolean;
  /** Overrides the production/sandbox base (tests point it at a local fake). */
  baseUrl?: string;
  /** Per call, the body included; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface PaymentRequest {
  /** In Rial: a positive safe integer (we always send currency IRR). */
  amount: number;
  description: string;
  callbackUrl: string;
  /** Zarinpal's metadata, e.g. mobile, email, order_id. */
  metadata?: Record<string, string>;
}

export type VerifyOutcome =
  /** 100: verified now; 101: verified before (a replayed callback or a retry): both mean paid. */
  | { kind: 'paid'; code: 100 | 101; refId: string; cardPan?: string; cardHash?: string; fee?: number }
  /** -50: the amount sent differs from the requested one: never credit, a person must look. */
  | { kind: 'mismatch'; code: -50 }
  /** -51: the buyer did not pay (cancelled or the bank refused). */
  | { kind: 'failed'; code: -51 }
  /** -54 (unknown authority) and every other refusal. */
  | { kind: 'invalid'; code: number; message: string };

export interface UnverifiedPayment {
  authority: string;
  amount: number;
}

export interface ZarinpalClient {
  request(input: PaymentRequest): Promise<{ authority: string; fee?: number }>;
  payUrl(authority: string): string;
  verify(input: { authority: string; amount: number }): Promise<VerifyOutcome>;
  unverified(): Promise<UnverifiedPayment[]>;
}

/** Zarinpal's envelope: `data` is an object on success (and `[]` on failure), `errors` the reverse. */
interface Envelope {
  data?: Record<string, unknown> | unknown[];
  errors?: { code?: unknown; message?: unknown } | unknown[];
}

type Answer = { ok: true; data: Record<string, unknown> } | { ok: false; code: number; message: string };

export function createZarinpalClient(options: ZarinpalOptions): ZarinpalClient {
  const base = (options.baseUrl ?? (options.sandbox ? SANDBOX_BASE : PRODUCTION_BASE)).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const { merchantId } = options;

  /** Gateway messages are echoed into our logs; make sure the merchant id can never ride along. */
  const scrub = (text: string) => (merchantId ? text.split(merchantId).join('[merchant]') : text);

  async function call(endpoint: string, body: Record<string, unknown>): Promise<Answer> {
    const what = `Zarinpal ${endpoint}`;
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${base}/pg/v4/payment/${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ merchant_id: merchantId, ...body }),
        // The signal also covers reading the body, so a gateway that stalls mid-answer times out too.
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new GatewayUnavailableError(
        timedOut ? `${what}: no answer within ${timeoutMs} ms` : `${what}: network error`,
        { cause: error },
      );
    }
    // A 5xx says nothing reliable about the payment, whatever its body.
    if (status >= 500) throw new GatewayUnavailableError(`${what}: HTTP ${status}`);

    // Refusals may come with a 4xx status, so any other status is read as Zarinpal's envelope.
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (error) {
      throw new GatewayUnavailableError(`${what}: HTTP ${status} with a body that is not JSON`, {
        cause: error,
      });
    }
    const { data, errors } = envelope ?? {};
    if (errors && !Array.isArray(errors) && typeof errors.code === 'number') {
      const message = typeof errors.message === 'string' ? scrub(errors.message) : 'no message';
      return { ok: false, code: errors.code, message };
    }
    if (data && !Array.isArray(data) && typeof data.code === 'number') return { ok: true, data };
    throw new GatewayUnavailableError(`${what}: HTTP ${status} with an unexpected body`);
  }

  function refuse(endpoint: string, answer: { code: number; message: string }): never {
    throw new ZarinpalError(answer.code, `Zarinpal ${endpoint} refused (${answer.code}): ${answer.message}`);
  }

  /** A bad amount is our bug, not the gateway's: stop before sending it (Zarinpal wants integers). */
  function checkAmount(amount: number) {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new RangeError(`Zarinpal amounts are positive whole Rials, got ${amount}`);
    }
  }

  const optionalNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const optionalString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

  return {
    async request(input) {
      checkAmount(input.amount);
      const answer = await call('request.json', {
        amount: input.amount,
        currency: 'IRR',
        description: input.description,
        callback_url: input.callbackUrl,
        ...(input.metadata ? { metadata: input.metadata } : {}),
      });
      if (!answer.ok) refuse('request.json', answer);
      const { code, authority, fee } = answer.data;
      if (code !== 100) refuse('request.json', { code: code as number, message: 'unexpected code' });
      if (typeof authority !== 'string' || !authority) {
        throw new GatewayUnavailableError('Zarinpal request.json: success without an authority');
      }
      return { authority, fee: optionalNumber(fee) };
    },

    payUrl(authority) {
      return `${base}/pg/StartPay/${encodeURIComponent(authority)}`;
    },

    async verify(input) {
      checkAmount(input.amount);
      const answer = await call('verify.json', { amount: input.amount, authority: input.authority });
      if (!answer.ok) {
        if (answer.code === -50) return { kind: 'mismatch', code: -50 };
        if (answer.code === -51) return { kind: 'failed', code: -51 };
        return { kind: 'invalid', code: answer.code, message: answer.message };
      }
      const { code, ref_id, card_pan, card_hash, fee } = answer.data;
      if (code !== 100 && code !== 101) {
        return { kind: 'invalid', code: code as number, message: 'unexpected code' };
      }
      // Zarinpal sends ref_id as a number; we keep it as a string (an id, never arithmetic).
      if (typeof ref_id !== 'number' && typeof ref_id !== 'string') {
        throw new GatewayUnavailableError('Zarinpal verify.json: paid without a ref_id');
      }
      return {
        kind: 'paid',
        code,
        refId: String(ref_id),
        cardPan: optionalString(card_pan),
        cardHash: optionalString(card_hash),
        fee: optionalNumber(fee),
      };
    },

    async unverified() {
      const answer = await call('unVerified.json', {});
      if (!answer.ok) refuse('unVerified.json', answer);
      const list = Array.isArray(answer.data.authorities) ? answer.data.authorities : [];
      return list
        .filter((row): row is { authority: string; amount: unknown } => typeof row?.authority === 'string')
        .map((row) => ({ authority: row.authority, amount: Number(row.amount) }));
    },
  };
}
