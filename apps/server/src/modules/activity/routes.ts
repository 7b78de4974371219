import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { isoDayQuery, tehranPeriod } from '../../lib/tehran-period';
import { summarizeAgent } from '../../lib/user-agent';
import type { OwnActivityRow } from './contracts';
import { ACTIVITY_GROUPS, activityLabel } from './event-labels';
import { ownActivity } from './own-log';

const query = z.object({
  group: z
    .string()
    .refine((g) => g in ACTIVITY_GROUPS)
    .optional()
    .catch(undefined),
  from: isoDayQuery,
  to: isoDayQuery,
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

/** `panel.activity.show` «گزارش فعالیت‌ها» (docs/screens.md §4). */
export async function activityRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;

  route(
    { name: 'panel.activity.show', method: 'GET', uri: '/panel/activity', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const q = query.parse(request.query ?? {});
      const { from, to, start, end } = tehranPeriod(q.from, q.to);
      const kinds = app.services.activitySubjects;
      const owned = await Promise.all(
        kinds.map(async (kind) => ({ type: kind.type, ids: await kind.ownedBy(db, user.id) })),
      );
      const { rows, hasMore } = await ownActivity(
        db,
        user.id,
        owned,
        {
          group: q.group,
          from: start,
          to: end,
        },
        q.page,
      );
      const names = new Map(
        await Promise.all(
          kinds.map(
            async (kind) =>
              [
                kind.type,
                await kind.names(
                  db,
                  rows.filter((r) => r.subjectType === kind.type).map((r) => Number(r.subjectId)),
                ),
              ] as const,
          ),
        ),
      );
      const data: OwnActivityRow[] = rows.map((row) => {
        const agent = row.userAgent ? summarizeAgent(row.userAgent) : null;
        const by = row.actorId === user.id ? 'you' : row.actorId === null ? 'system' : 'support';
        return {
          id: row.id,
          event: row.event,
          label: activityLabel(row.event),
          subject: names.get(row.subjectType ?? '')?.get(Number(row.subjectId)) ?? null,
          by,
          // Staff's addresses and devices are theirs, not the customer's to see.
          ip: by === 'you' ? row.ipAddress : null,
          device: by === 'you' && agent ? `${agent.browser} روی ${agent.platform}` : null,
          at: row.at.toISOString(),
        };
      });
      return render(reply, 'Panel/Activity/Show', {
        entries: { data, meta: { current_page: q.page, has_more: hasMore } },
        filters: { group: q.group ?? '', from: from ?? '', to: to ?? '' },
        groups: Object.entries(ACTIVITY_GROUPS).map(([value, label]) => ({ value, label })),
      });
    },
  );
}
