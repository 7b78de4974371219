import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { toCsv } from '../../lib/csv';
import { tehranPeriod } from '../../lib/tehran-period';
import type { StaffActivityFilter } from '../activity';
import { AUDIT_CSV_HEADER, AUDIT_EVENT_OPTIONS, auditExportRows, auditPage } from './audit';
import { auditQuery } from './validators';

/** `user:12`, `instance:7` or a bare id: what the subject filter matches. */
function subjectOf(text: string | undefined): StaffActivityFilter['subject'] {
  const value = text?.trim();
  if (!value) return undefined;
  const typed = /^([a-z_]{1,30})[:#](\S{1,60})$/.exec(value);
  return typed ? { type: typed[1], id: typed[2]! } : { id: value };
}

function filterOf(request: FastifyRequest) {
  const query = auditQuery.parse(request.query ?? {});
  const { from, to, start, end } = tehranPeriod(query.from, query.to);
  const filter: StaffActivityFilter = {
    actorId: query.actor,
    event: query.event,
    subject: subjectOf(query.subject),
    from: start,
    to: end,
  };
  return {
    query,
    filter,
    filters: {
      actor: query.actor ? String(query.actor) : '',
      event: query.event ?? '',
      subject: query.subject?.trim() ?? '',
      from: from ?? '',
      to: to ?? '',
    },
  };
}

/**
 * Admin/Audit (docs/screens.md §6): every staff action from the activity log with actor, subject,
 * IP and time, filtered by actor, event, subject and Tehran period, and the same as CSV. Only GET
 * routes: nothing here edits or deletes an entry (the log is append-only in the database too).
 */
export async function auditRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;

  route(
    { name: 'admin.audit', method: 'GET', uri: '/admin/audit', access: 'admin' },
    async (request, reply) => {
      const { query, filter, filters } = filterOf(request);
      const { items, actors } = await auditPage(db, filter, query.page);
      return render(reply, 'Admin/Audit', {
        items,
        filters,
        options: { actors, events: AUDIT_EVENT_OPTIONS },
      });
    },
  );

  route(
    { name: 'admin.audit.export', method: 'GET', uri: '/admin/audit/export', access: 'admin' },
    async (request, reply) => {
      const { filter } = filterOf(request);
      const csv = toCsv(AUDIT_CSV_HEADER, await auditExportRows(db, filter));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="staff-audit.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
