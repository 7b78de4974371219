import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { acceptAttachments, validateWithAttachments } from './attachment-uploads';
import type { CustomerCard } from './contracts';
import { ADMIN_TABS, CARE_TABS, type DeskArea, type QueueTab } from './desk';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './tables';
import { messageField, subjectField } from './validators';

const ticketParam = (request: FastifyRequest) => String((request.params as { ticket?: string }).ticket ?? '');
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

const listQuery = (tabs: QueueTab[]) =>
  z.object({
    tab: z
      .enum(tabs as [QueueTab, ...QueueTab[]])
      .default('waiting')
      .catch('waiting'),
    department: z.string().trim().max(100).optional().catch(undefined),
    status: optionalChoice(TICKET_STATUSES),
    priority: optionalChoice(TICKET_PRIORITIES),
    age: optionalChoice(['day', 'week'] as const),
    q: z.string().trim().max(100).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
  });

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

const staffReply = z.object({ message: messageField, internal: bool });

const choose = (label: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input == null ? `${label} را انتخاب کنید.` : `${label} معتبر نیست.`,
});

const staffUpdate = z.object({
  status: z.enum(TICKET_STATUSES, choose('وضعیت')).optional(),
  priority: z.enum(TICKET_PRIORITIES, choose('اولویت')).optional(),
  department: z.string(choose('بخش')).trim().min(1, 'بخش را انتخاب کنید.').max(100).optional(),
  // A staff id, `me` (self-assign from the list) or '' / null to leave it unassigned.
  assignee_id: z
    .union([z.literal('me'), z.literal(''), z.null(), z.coerce.number().int().positive()], {
      error: 'مسئول تیکت معتبر نیست.',
    })
    .optional(),
});

const staffOpen = z.object({
  user_id: z.coerce
    .number({ error: 'مشتری را انتخاب کنید.' })
    .int('مشتری را انتخاب کنید.')
    .positive('مشتری را انتخاب کنید.'),
  department: z.string(choose('بخش')).trim().min(1, 'بخش را انتخاب کنید.').max(100),
  priority: z.enum(TICKET_PRIORITIES, choose('اولویت')),
  subject: subjectField,
  message: messageField,
  instance: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
});

const PAGES = {
  care: { list: 'Care/Tickets/List', make: 'Care/Tickets/Make', edit: 'Care/Tickets/Edit' },
  admin: { list: 'Admin/Tickets/List', make: 'Admin/Tickets/Make', edit: 'Admin/Tickets/Edit' },
} as const;

/**
 * The ticket desk of one staff area (docs/screens.md §5–6): the queue, a ticket for a customer,
 * the thread with internal notes and canned replies, and the ticket's fields; the admin desk adds
 * spam and delete. Care and admin share every handler; only names, pages and tabs differ.
 */
export function deskRoutes(area: DeskArea) {
  return async function ticketDeskRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
    const route = routesOn(app, registry);
    const { ticketDesk: desk, support, instances } = app.services;
    const name = (action: string) => `${area}.tickets.${action}`;
    const access = area;
    const edit = (uuid: string) => registry.url(name('edit'), { ticket: uuid }, false);
    const me = (request: FastifyRequest) => ({ id: request.user!.id, name: request.user!.name });
    const tabs = area === 'admin' ? ADMIN_TABS : CARE_TABS;

    const machinesOf = async (userId: number) =>
      (await instances.listOwn(userId, { page: 1, perPage: 20 })).rows.map(({ instance }) => ({
        uuid: instance.uuid,
        name: instance.name,
        status: instance.status as string,
        power: (instance.power ?? null) as string | null,
      }));

    route({ name: name('list'), method: 'GET', uri: `/${area}/tickets`, access }, async (request, reply) => {
      const query = listQuery(tabs).parse(request.query ?? {});
      const list = await desk.queue(request.user!.id, area, query);
      return render(reply, PAGES[area].list, {
        area,
        tickets: { data: list.data, meta: list.meta },
        counts: list.counts,
        filters: {
          tab: query.tab,
          department: query.department ?? '',
          status: query.status ?? '',
          priority: query.priority ?? '',
          age: query.age ?? '',
          q: query.q ?? '',
        },
        departments: await support.departments(),
        me: me(request),
      });
    });

    route(
      { name: name('make'), method: 'GET', uri: `/${area}/tickets/create`, access },
      async (request, reply) => {
        const query = request.query as { user?: string; q?: string } | undefined;
        const userId = Number(query?.user);
        const q = typeof query?.q === 'string' ? query.q.slice(0, 100) : '';
        const card = Number.isInteger(userId) && userId > 0 ? await desk.customerCard(userId) : null;
        return render(reply, PAGES[area].make, {
          area,
          departments: await support.departments(),
          customer: card
            ? {
                id: card.id,
                name: card.name,
                contact: card.email ?? card.mobile ?? '',
                machines: (await machinesOf(card.id)).map(({ uuid, name }) => ({ uuid, name })),
              }
            : null,
          q,
          ...(q.trim() ? { user_options: () => desk.customerOptions(q) } : {}),
        });
      },
    );

    route(
      { name: name('edit'), method: 'GET', uri: `/${area}/tickets/{ticket}`, access },
      async (request, reply) => {
        const ticket = await desk.find(ticketParam(request), area);
        let customer: CustomerCard | null = null;
        if (ticket.customer_id !== null) {
          const card = await desk.customerCard(ticket.customer_id);
          if (card) customer = { ...card, machines: await machinesOf(card.id) };
        }
        return render(reply, PAGES[area].edit, {
          area,
          ticket,
          customer,
          departments: await support.departments(),
          staff: await desk.staffMembers(),
          canned_replies: await desk.cannedReplies(),
          me: me(request),
        });
      },
    );

    route(
      {
        name: name('update'),
        method: 'PATCH',
        uri: `/${area}/tickets/{ticket}`,
        access,
        errorField: 'status',
      },
      async (request, reply) => {
        const input = await request.validate(staffUpdate);
        const assignee = input.assignee_id;
        const ticket = await desk.update(
          request.user!,
          ticketParam(request),
          area,
          {
            status: input.status,
            priority: input.priority,
            department: input.department,
            assigneeId:
              assignee === undefined
                ? undefined
                : assignee === 'me'
                  ? request.user!.id
                  : assignee === '' || assignee === null
                    ? null
                    : assignee,
          },
          requestContext(request),
        );
        request.session.flash('success', 'تیکت به‌روز شد.');
        return reply.back(edit(ticket.uuid));
      },
    );

    if (area === 'admin') {
      route(
        {
          name: 'admin.tickets.spam',
          method: 'PATCH',
          uri: '/admin/tickets/{ticket}/spam',
          access: 'admin',
          flashErrors: true,
        },
        async (request, reply) => {
          const { spam } = await request.validate(z.object({ spam: bool }));
          const ticket = await desk.markSpam(
            request.user!,
            ticketParam(request),
            spam,
            requestContext(request),
          );
          request.session.flash(
            'success',
            spam ? 'تیکت هرزنامه شناخته و از صف برداشته شد.' : 'تیکت از هرزنامه‌ها بیرون آمد.',
          );
          return reply.redirect(edit(ticket.uuid), 303);
        },
      );
      route(
        {
          name: 'admin.tickets.destroy',
          method: 'DELETE',
          uri: '/admin/tickets/{ticket}',
          access: 'admin',
          flashErrors: true,
        },
        async (request, reply) => {
          await desk.destroy(request.user!, ticketParam(request), requestContext(request));
          request.session.flash('success', 'تیکت حذف شد؛ در زبانهٔ «حذف‌شده» همچنان دیده می‌شود.');
          return reply.redirect(registry.url('admin.tickets.list', {}, false), 303);
        },
      );
    }

    // The routes that take files: multipart is parsed in their own scope only.
    await app.register(async (scope) => {
      const { preValidation } = await acceptAttachments(scope);
      const scoped = routesOn(scope, registry);
      scoped(
        { name: name('store'), method: 'POST', uri: `/${area}/tickets`, access },
        async (request, reply) => {
          const input = await validateWithAttachments(request, staffOpen);
          const ticket = await desk.openForCustomer(
            request.user!,
            {
              userId: input.user_id,
              department: input.department,
              priority: input.priority,
              subject: input.subject,
              message: input.message,
              instance: input.instance,
              attachments: input.attachments,
            },
            requestContext(request),
          );
          request.session.flash('success', 'تیکت برای مشتری ثبت شد و به او خبر داده شد.');
          return reply.redirect(edit(ticket.uuid), 303);
        },
        { preValidation },
      );
      scoped(
        {
          name: name('reply'),
          method: 'POST',
          uri: `/${area}/tickets/{ticket}/messages`,
          access,
          errorField: 'message',
        },
        async (request, reply) => {
          const input = await validateWithAttachments(request, staffReply);
          const ticket = await desk.reply(
            request.user!,
            ticketParam(request),
            area,
            { body: input.message, internal: input.internal, attachments: input.attachments },
            requestContext(request),
          );
          request.session.flash(
            'success',
            input.internal ? 'یادداشت داخلی ثبت شد؛ مشتری آن را نمی‌بیند.' : 'پاسخ فرستاده شد.',
          );
          return reply.redirect(edit(ticket.uuid), 303);
        },
        { preValidation },
      );
    });
  };
}
