import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Zarinpal's payment gateway (API v4), a real HTTP server on 127.0.0.1, so the
 * client, the payment routes and browser tests run against the same wire format without the network.
 *
 * By default it behaves like the gateway: request.json hands out an authority; the StartPay page has
 * «پرداخت» and «انصراف», which send the browser to callback_url?Authority=…&Status=OK|NOK; verify.json
 * answers 100 the first time for a paid session with the requested amount, 101 afterwards, -50 for
 * another amount, -51 when the buyer cancelled or never paid, -53 for another merchant's session and
 * -54 for an unknown authority. `script`, `scriptNext` and `failNextRequest` override single answers.
 */

/** What verify.json answers instead of the default: a code, HTTP 500, or no answer at all. */
export type VerifyScript = 100 | 101 | -9 | -50 | -51 | -53 | -54 | 500 | 'timeout';
/** What request.json answers instead of an authority. */
export type RequestFailure = -9 | -10 | -11 | -12 | 500 | 'timeout';

export interface FakePayment {
  authority: string;
  merchantId: string;
  amount: number;
  description: string;
  callbackUrl: string;
  status: 'pending' | 'paid' | 'cancelled';
  verified: boolean;
  refId: number;
  createdAt: Date;
}

export interface FakeZarinpal {
  /** Base URL to pass as the client's baseUrl (no trailing slash). */
  url: string;
  /** Every request received, in order: path with query, and the parsed JSON body (if any). */
  calls: { path: string; body: unknown }[];
  /** The bodies sent to request.json, failed ones included. */
  requests: Record<string, unknown>[];
  /** Sessions by authority. */
  payments: Map<string, FakePayment>;
  /** The next verify.json for this authority answers `outcome` (queued: call twice for two answers). */
  script(authority: string, outcome: VerifyScript): void;
  /** The next verify.json, whatever its authority, answers `outcome` (before any per-authority script). */
  scriptNext(outcome: VerifyScript): void;
  /** The next request.json answers `outcome` instead of an authority (queued). */
  failNextRequest(outcome: RequestFailure): void;
  /** As if the buyer paid on the StartPay page (no browser needed). */
  markPaid(authority: string): void;
  /** As if the buyer pressed «انصراف» on the StartPay page. */
  markCancelled(authority: string): void;
  /** The StartPay page URL of an authority. */
  payUrl(authority: string): string;
  /** Stops the server, dropping held ('timeout') connections. */
  close(): Promise<void>;
}

const CARD_PAN = '502229******5995';

export async function startFakeZarinpal(): Promise<FakeZarinpal> {
  const calls: FakeZarinpal['calls'] = [];
  const requests: FakeZarinpal['requests'] = [];
  const payments = new Map<string, FakePayment>();
  const byAuthority = new Map<string, VerifyScript[]>();
  const nextVerify: VerifyScript[] = [];
  const nextRequest: RequestFailure[] = [];
  // Real authorities are 'A' and 35 digits; start from a realistic number so they look the part.
  let serial = 217_885_159;
  let refSerial = 50_961_803_700;

  const find = (authority: string) => {
    const payment = payments.get(authority);
    if (!payment) throw new Error(`fake Zarinpal: no session ${authority}`);
    return payment;
  };
  const settle = (authority: string, status: 'paid' | 'cancelled') => {
    const payment = find(authority);
    if (payment.status !== 'pending')
      throw new Error(`fake Zarinpal: ${authority} is already ${payment.status}`);
    payment.status = status;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    let body: unknown;
    if (req.headers['content-type']?.includes('json')) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    calls.push({ path: req.url ?? '/', body });

    const api = /^\/pg\/v4\/payment\/(request|verify|unVerified)\.json$/.exec(url.pathname);
    if (api && req.method === 'POST') {
      const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      if (api[1] === 'request') return onRequest(input, res);
      if (api[1] === 'verify') return onVerify(input, res);
      return onUnverified(input, res);
    }
    const start = /^\/pg\/StartPay\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (start) return onStartPay(decodeURIComponent(start[1]!), start[2], req, res);
    json(res, 404, { data: [], errors: { code: -404, message: 'Not found.' } });
  }

  function onRequest(input: Record<string, unknown>, res: ServerResponse) {
    requests.push(input);
    const scripted = nextRequest.shift();
    if (scripted !== undefined) return answerScripted(scripted, res);
    const invalid: Record<string, string> = {};
    if (!validMerchant(input.merchant_id)) invalid.merchant_id = 'The merchant id must be 36 characters.';
    const amount = input.amount;
    // Zarinpal's floor is 1,000 Rial (100 Toman); amounts are whole numbers.
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1000) {
      invalid.amount = 'The amount must be an integer of at least 1000.';
    }
    if (input.currency !== undefined && input.currency !== 'IRR' && input.currency !== 'IRT') {
      invalid.currency = 'The currency must be IRR or IRT.';
    }
    if (typeof input.description !== 'string' || !input.description) {
      invalid.description = 'The description field is required.';
    }
    if (typeof input.callback_url !== 'string' || !URL.canParse(input.callback_url)) {
      invalid.callback_url = 'The callback url must be a valid URL.';
    }
    if (Object.keys(invalid).length)
      return refuse(res, -9, 'The input params invalid, validation error.', invalid);

    serial += 1;
    const authority = `A${String(serial).padStart(35, '0')}`;
    payments.set(authority, {
      authority,
      merchantId: input.merchant_id as string,
      amount: amount as number,
      description: input.description as string,
      callbackUrl: input.callback_url as string,
      status: 'pending',
      verified: false,
      refId: 0,
      createdAt: new Date(),
    });
    json(res, 200, {
      data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: feeOf(amount as number) },
      errors: [],
    });
  }

  function onVerify(input: Record<string, unknown>, res: ServerResponse) {
    const authority = typeof input.authority === 'string' ? input.authority : '';
    const payment = payments.get(authority);
    const scripted = nextVerify.shift() ?? byAuthority.get(authority)?.shift();
    if (scripted === 100 || scripted === 101) {
      // A scripted success answers as a paid, verified session would.
      if (payment) {
        payment.verified = true;
        if (!payment.refId) payment.refId = ++refSerial;
      }
      return paid(res, scripted, payment?.refId ?? ++refSerial, payment?.amount ?? Number(input.amount));
    }
    if (scripted !== undefined) return answerScripted(scripted, res);

    if (!validMerchant(input.merchant_id)) {
      return refuse(res, -9, 'The input params invalid, validation error.', {
        merchant_id: 'The merchant id must be 36 characters.',
      });
    }
    if (!payment) return refuse(res, -54, 'Invalid authority.');
    if (payment.merchantId !== input.merchant_id) {
      return refuse(res, -53, 'Session is not this merchant_id session.');
    }
    if (payment.amount !== input.amount)
      return refuse(res, -50, 'Session is not valid, amounts values is not the same.');
    if (payment.status !== 'paid')
      return refuse(res, -51, 'Session is not valid, session is not active paid try.');
    const code = payment.verified ? 101 : 100;
    payment.verified = true;
    paid(res, code, payment.refId, payment.amount);
  }

  function onUnverified(input: Record<string, unknown>, res: ServerResponse) {
    if (!validMerchant(input.merchant_id)) {
      return refuse(res, -9, 'The input params invalid, validation error.', {
        merchant_id: 'The merchant id must be 36 characters.',
      });
    }
    const authorities = [...payments.values()]
      .filter((p) => p.merchantId === input.merchant_id && p.status === 'paid' && !p.verified)
      .map((p) => ({
        authority: p.authority,
        amount: p.amount,
        callback_url: p.callbackUrl,
        referer: '',
        date: p.createdAt.toISOString().replace('T', ' ').slice(0, 19),
      }));
    json(res, 200, { data: { code: 100, message: 'Success', authorities }, errors: [] });
  }

  function onStartPay(
    authority: string,
    action: string | undefined,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const payment = payments.get(authority);
    if (!payment) return html(res, 404, page('تراکنش یافت نشد', '<p>شناسهٔ پرداخت معتبر نیست.</p>'));
    if (payment.status !== 'pending') {
      return html(res, 410, page('تراکنش پایان یافته', '<p>این پرداخت قبلاً انجام یا لغو شده است.</p>'));
    }
    if (action && req.method === 'POST') {
      const status = action === 'pay' ? 'paid' : 'cancelled';
      settle(authority, status);
      if (status === 'paid') payment.refId = ++refSerial;
      const back = new URL(payment.callbackUrl);
      back.searchParams.set('Authority', authority);
      back.searchParams.set('Status', status === 'paid' ? 'OK' : 'NOK');
      res.writeHead(303, { Location: back.toString() }).end();
      return;
    }
    const self = `/pg/StartPay/${encodeURIComponent(authority)}`;
    const amount = `${payment.amount.toLocaleString('fa-IR')} ریال`;
    html(
      res,
      200,
      page(
        'درگاه پرداخت آزمایشی زرین‌پال',
        `<p>مبلغ: <strong data-testid="amount">${amount}</strong></p>
<p>توضیحات: <span data-testid="description">${escapeHtml(payment.description)}</span></p>
<form method="post" action="${self}/pay"><button type="submit">پرداخت</button></form>
<form method="post" action="${self}/cancel"><button type="submit">انصراف</button></form>`,
      ),
    );
  }

  /** Scripted failures: a gateway refusal, a server error, or a socket held open until close(). */
  function answerScripted(outcome: VerifyScript | RequestFailure, res: ServerResponse) {
    if (outcome === 'timeout') return; // never answer; close() drops the connection
    if (outcome === 500) return html(res, 500, '<h1>500 Internal Server Error</h1>');
    const messages: Record<number, string> = {
      [-9]: 'The input params invalid, validation error.',
      [-10]: 'Terminal is not valid, please check merchant_id or ip address.',
      [-11]: 'Terminal is not active, please contact our support team.',
      [-12]: 'To many attempts, please try again later.',
      [-50]: 'Session is not valid, amounts values is not the same.',
      [-51]: 'Session is not valid, session is not active paid try.',
      [-53]: 'Session is not this merchant_id session.',
      [-54]: 'Invalid authority.',
    };
    refuse(res, outcome as number, messages[outcome as number] ?? 'Error.');
  }

  function paid(res: ServerResponse, code: 100 | 101, refId: number, amount: number) {
    const cardHash = createHash('sha256').update(CARD_PAN).digest('hex').toUpperCase();
    json(res, 200, {
      data: {
        code,
        message: code === 100 ? 'Paid' : 'Verified',
        card_hash: cardHash,
        card_pan: CARD_PAN,
        ref_id: refId,
        fee_type: 'Merchant',
        fee: feeOf(amount),
      },
      errors: [],
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    requests,
    payments,
    script(authority, outcome) {
      const queue = byAuthority.get(authority) ?? [];
      queue.push(outcome);
      byAuthority.set(authority, queue);
    },
    scriptNext(outcome) {
      nextVerify.push(outcome);
    },
    failNextRequest(outcome) {
      nextRequest.push(outcome);
    },
    markPaid(authority) {
      settle(authority, 'paid');
      find(authority).refId = ++refSerial;
    },
    markCancelled(authority) {
      settle(authority, 'cancelled');
    },
    payUrl(authority) {
      return `${url}/pg/StartPay/${encodeURIComponent(authority)}`;
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

const validMerchant = (value: unknown) => typeof value === 'string' && value.length === 36;

/** Roughly Zarinpal's merchant fee: 1%, at most 40,000 Rial; only its presence matters to tests. */
const feeOf = (amount: number) => Math.min(Math.floor(amount / 100), 40_000);

function refuse(res: ServerResponse, code: number, message: string, validations?: Record<string, string>) {
  // Refusals come with a 4xx here, so clients are made to read the envelope whatever the status.
  json(res, 422, { data: [], errors: { code, message, validations: validations ? [validations] : [] } });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
}

function page(title: string, content: string) {
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>
${content}
</main></body>
</html>`;
}

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
