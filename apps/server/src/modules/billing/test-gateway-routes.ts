import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { faToman } from '../../lib/persian';
import { escapeHtml } from '../notifications';
import { findTestSession, settleTestSession } from './test-gateway';

const AUTHORITY = /^T\d{35}$/;
const ACTIONS = { pay: 'paid', cancel: 'canceled', fail: 'failed' } as const;
const choice = z.object({ action: z.enum(['pay', 'cancel', 'fail']) });

/** A whole HTML page outside the app, as a bank's page is: no app shell, no script. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:Vazirmatn,Tahoma,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem 1rem;line-height:1.9}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}.warn{background:#fef3c7;border:1px solid #f59e0b;border-radius:.5rem;padding:.5rem .75rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#64748b}dd{margin:0;font-weight:600}
form{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}button{font:inherit;border:0;border-radius:.5rem;padding:.5rem 1rem;cursor:pointer}
.pay{background:#059669;color:#fff}.cancel{background:#e2e8f0}.fail{background:#fee2e2;color:#991b1b}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * `payments.test-gateway` (docs/screens.md §4): the built-in test gateway's pay page, only while
 * no Zarinpal merchant id is set (otherwise 404). The tester pays, cancels or makes the bank refuse;
 * the browser then goes back to the callback as Zarinpal would send it.
 */
export async function testGatewayRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, payments } = app.services;

  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'پرداخت یافت نشد',
          '<h1>پرداخت یافت نشد</h1><p>این نشانی به پرداختی در درگاه آزمایشی نمی‌رسد.</p>',
        ),
      );

  const authorityOf = (request: FastifyRequest) => {
    const authority = (request.params as { authority?: string }).authority ?? '';
    return payments.gateway.name === 'test' && AUTHORITY.test(authority) ? authority : null;
  };

  route(
    {
      name: 'payments.test-gateway',
      method: ['GET', 'POST'],
      uri: '/test-gateway/{authority}',
      access: 'anyone',
    },
    async (request, reply) => {
      const authority = authorityOf(request);
      const session = authority ? await findTestSession(db, authority) : undefined;
      if (!authority || !session) return notFound(reply);
      reply.header('cache-control', 'no-store');

      if (request.method === 'POST') {
        const parsed = choice.safeParse(request.body ?? {});
        if (!parsed.success) return reply.redirect(request.url, 303);
        const settled = await settleTestSession(db, authority, ACTIONS[parsed.data.action]);
        const back = new URL(settled!.callbackUrl);
        back.searchParams.set('Authority', authority);
        back.searchParams.set('Status', settled!.outcome === 'canceled' ? 'NOK' : 'OK');
        return reply.redirect(back.toString(), 303);
      }

      const token = escapeHtml(request.session?.token ?? '');
      const closed = session.outcome !== 'open';
      return reply.type('text/html; charset=utf-8').send(
        page(
          'درگاه آزمایشی',
          `<h1>درگاه آزمایشی رندر فارم ابری</h1>
<p class="warn">این درگاه آزمایشی است و هیچ پولی جابه‌جا نمی‌شود. تا وقتی شناسهٔ پذیرندهٔ زرین‌پال تنظیم نشده، پرداخت‌ها از این‌جا می‌گذرند.</p>
<dl><dt>مبلغ</dt><dd>${escapeHtml(faToman(session.amount))}</dd><dt>بابت</dt><dd>${escapeHtml(session.description)}</dd></dl>
${
  closed
    ? '<p>این پرداخت پیش‌تر انجام یا لغو شده است.</p>'
    : `<form method="post"><input type="hidden" name="_token" value="${token}">
<button class="pay" name="action" value="pay">پرداخت موفق</button>
<button class="cancel" name="action" value="cancel">انصراف از پرداخت</button>
<button class="fail" name="action" value="fail">پرداخت ناموفق</button></form>`
}`,
        ),
      );
    },
    { bodyLimit: 4 * 1024 },
  );
}
