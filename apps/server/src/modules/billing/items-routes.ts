import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { toCsv } from '../../lib/csv';
import { isoDayQuery, tehranPeriod } from '../../lib/tehran-period';
import {
  exportLedger,
  foldedRow,
  type LedgerFilter,
  ledgerTotals,
  listLedger,
  listLedgerFolded,
} from './ledger-list';
import { WALLET_TRANSACTION_TYPES } from './tables';

const PER_PAGE = 25;

/** Every line as stored, in the folded rows' shape (one line each). */
const listLedgerLines: typeof listLedgerFolded = async (db, userId, query) => {
  const page = await listLedger(db, userId, query);
  return {
    ...page,
    data: page.data.map((line) =>
      foldedRow({
        ...line,
        balanceAfter: line.balance_after,
        firstAt: new Date(line.created_at),
        createdAt: new Date(line.created_at),
        lines: 1,
      }),
    ),
  };
};

/** A filter that does not parse is dropped, as on every list: the page still answers. */
const itemsQuery = z.object({
  type: z.enum(WALLET_TRANSACTION_TYPES).optional().catch(undefined),
  machine: z.uuid().optional().catch(undefined),
  from: isoDayQuery,
  to: isoDayQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  // `minutes`: every ledger line as stored; by default a machine's minutes fold into its hours.
  view: z.enum(['minutes']).optional().catch(undefined),
});

/** Persian names of the ledger's kinds of line (also the CSV's «نوع» column). */
const LEDGER_TYPE_LABELS: Record<(typeof WALLET_TRANSACTION_TYPES)[number], string> = {
  topup: 'افزایش اعتبار',
  usage: 'مصرف سرور',
  drive: 'فضای ذخیره‌سازی',
  render: 'رندر',
  refund: 'بازپرداخت',
  adjustment: 'اصلاح مدیر',
  bonus: 'هدیه',
};

function filterOf(request: FastifyRequest) {
  const query = itemsQuery.parse(request.query ?? {});
  const period = tehranPeriod(query.from, query.to);
  const filter: LedgerFilter = {
    type: query.type,
    reference: query.machine,
    from: period.start,
    to: period.end,
    toExclusive: true,
  };
  return { query: { ...query, from: period.from, to: period.to }, filter };
}

/**
 * `panel.items` «گردش حساب» (docs/screens.md §4): every movement of the customer's wallet, newest
 * first, filtered by kind, machine and Tehran period, with the period's totals; `panel.items.export`
 * is the same filter as CSV.
 */
export async function itemRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, instances } = app.services;

  route(
    { name: 'panel.items', method: 'GET', uri: '/panel/items', access: 'customer' },
    async (request, reply) => {
      const userId = request.user!.id;
      const { query, filter } = filterOf(request);
      return render(reply, 'Panel/Items', {
        items: async () => {
          const list = query.view === 'minutes' ? listLedgerLines : listLedgerFolded;
          const page = await list(db, userId, { ...filter, page: query.page, perPage: PER_PAGE });
          return {
            data: page.data,
            meta: { current_page: query.page, per_page: PER_PAGE, has_more: page.meta.has_more },
          };
        },
        totals: () => ledgerTotals(db, userId, filter),
        filters: {
          type: query.type ?? '',
          machine: query.machine ?? '',
          from: query.from ?? '',
          to: query.to ?? '',
          view: query.view ?? '',
        },
        types: WALLET_TRANSACTION_TYPES.map((type) => ({ value: type, label: LEDGER_TYPE_LABELS[type] })),
        machines: async () =>
          (await instances.listOwn(userId, { page: 1, perPage: 100 })).rows.map(({ instance }) => ({
            uuid: instance.uuid,
            name: instance.name,
          })),
        balance: request.user!.balance,
      });
    },
  );

  route(
    { name: 'panel.items.export', method: 'GET', uri: '/panel/items/export', access: 'customer' },
    async (request, reply) => {
      const { filter } = filterOf(request);
      const rows = await exportLedger(db, request.user!.id, filter);
      const csv = toCsv(
        ['زمان (UTC)', 'نوع', 'شرح', 'مبلغ (ریال)', 'مانده (ریال)', 'مرجع'],
        rows.map((r) => [
          r.created_at,
          LEDGER_TYPE_LABELS[r.type],
          r.description,
          r.amount,
          r.balance_after,
          r.reference,
        ]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="wallet-statement.csv"')
        .send(csv);
    },
  );
}
