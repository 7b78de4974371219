import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { requireHuman } from '../botcheck';
import { acceptAttachments, validateWithAttachments } from './attachment-uploads';
import { TICKET_STATUSES } from './tables';
import { messageField, openTicketSchema } from './validators';

const listQuery = z.object({
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

const replyRequest = z.object({
  message: messageField,
  reopen: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});

const rateRequest = z.object({
  score: z.coerce
    .number({ error: 'امتیازی از ۱ تا ۵ انتخاب کنید.' })
    .int('امتیازی از ۱ تا ۵ انتخاب کنید.')
    .min(1, 'امتیازی از ۱ تا ۵ انتخاب کنید.')
    .max(5, 'امتیازی از ۱ تا ۵ انتخاب کنید.'),
  comment: z
    .string()
    .trim()
    .max(1000, 'توضیح امتیاز حداکثر ۱۰۰۰ نویسه باشد.')
    .optional()
    .transform((v) => (v ? v : null)),
});

const ticketParam = (request: FastifyRequest) => String((request.params as { ticket?: string }).ticket ?? '');

/**
 * The customer's tickets (docs/screens.md §4): the list, a new ticket (bot check `ticket`, the
 * open-ticket limit), the thread with reply, close and a rating once closed. Internal notes are
 * never read here: the service's thread leaves them out.
 */
export async function panelTicketRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { support, ticketActions, instances } = app.services;
  const edit = (uuid: string) => registry.url('panel.tickets.edit', { ticket: uuid }, false);

  route(
    {
      name: 'panel.tickets.list',
      method: 'GET',
      uri: '/panel/tickets',
      access: 'customer',
      allowSuspended: true,
    },
    async (request, reply) => {
      const query = listQuery.parse(request.query ?? {});
      const list = await support.listOwnTickets(request.user!.id, { ...query, perPage: 20 });
      return render(reply, 'Panel/Tickets/List', {
        tickets: { data: list.data, meta: { current_page: query.page, has_more: list.meta.has_more } },
        filters: { status: query.status ?? '' },
      });
    },
  );

  route(
    {
      name: 'panel.tickets.make',
      method: 'GET',
      uri: '/panel/tickets/create',
      access: 'customer',
      allowSuspended: true,
    },
    async (request, reply) => {
      const given = z.uuid().safeParse((request.query as { instance?: string } | undefined)?.instance);
      const machines = (await instances.listOwn(request.user!.id, { page: 1, perPage: 100 })).rows.map(
        ({ instance }) => ({ uuid: instance.uuid, name: instance.name }),
      );
      return render(reply, 'Panel/Tickets/Make', {
        departments: await support.departments(),
        machines,
        instance: given.success && machines.some((m) => m.uuid === given.data) ? given.data : null,
      });
    },
  );

  // The two routes that take files (attachments): multipart is parsed in their own scope only.
  await app.register(async (scope) => {
    const { preValidation } = await acceptAttachments(scope);
    const route = routesOn(scope, registry);
    route(
      {
        name: 'panel.tickets.store',
        method: 'POST',
        uri: '/panel/tickets',
        access: 'customer',
        allowSuspended: true,
        // The open-ticket limit is about the form as a whole: shown above it.
        errorField: 'form',
      },
      async (request, reply) => {
        await requireHuman(request, 'ticket');
        const input = await validateWithAttachments(request, openTicketSchema(await support.departments()));
        const ticket = await support.openTicket(request.user!, input, {
          ...requestContext(request),
          via: 'panel',
        });
        request.session.flash('success', 'تیکت شما ثبت شد؛ پاسخ پشتیبانی همین‌جا و در اعلان‌ها می‌آید.');
        return reply.redirect(edit(ticket.uuid), 303);
      },
      { preValidation },
    );

    route(
      {
        name: 'panel.tickets.reply',
        method: 'POST',
        uri: '/panel/tickets/{ticket}/messages',
        access: 'customer',
        allowSuspended: true,
        errorField: 'message',
      },
      async (request, reply) => {
        const input = await validateWithAttachments(request, replyRequest);
        const ticket = await ticketActions.reply(
          request.user!.id,
          ticketParam(request),
          input,
          requestContext(request),
        );
        return reply.redirect(edit(ticket.uuid), 303);
      },
      { preValidation },
    );
  });

  route(
    {
      name: 'panel.tickets.edit',
      method: 'GET',
      uri: '/panel/tickets/{ticket}',
      access: 'customer',
      allowSuspended: true,
    },
    async (request, reply) => {
      const user = request.user!;
      const thread = await support.findOwnTicket(user.id, ticketParam(request));
      const extra = await support.ownTicketExtras(user.id, thread.uuid);
      return render(reply, 'Panel/Tickets/Edit', { ticket: { ...thread, ...extra } });
    },
  );

  route(
    {
      name: 'panel.tickets.close',
      method: 'PATCH',
      uri: '/panel/tickets/{ticket}/close',
      access: 'customer',
      allowSuspended: true,
      flashErrors: true,
    },
    async (request, reply) => {
      const ticket = await ticketActions.close(
        request.user!.id,
        ticketParam(request),
        requestContext(request),
      );
      request.session.flash('success', 'تیکت بسته شد. اگر از پاسخ راضی بودید، امتیاز بدهید.');
      return reply.redirect(edit(ticket.uuid), 303);
    },
  );

  route(
    {
      name: 'panel.tickets.rate',
      method: 'POST',
      uri: '/panel/tickets/{ticket}/rating',
      access: 'customer',
      allowSuspended: true,
      errorField: 'score',
    },
    async (request, reply) => {
      const input = await request.validate(rateRequest);
      const ticket = await ticketActions.rate(
        request.user!.id,
        ticketParam(request),
        { rating: input.score, comment: input.comment },
        requestContext(request),
      );
      request.session.flash('success', 'از امتیاز شما سپاسگزاریم.');
      return reply.redirect(edit(ticket.uuid), 303);
    },
    { bodyLimit: 8 * 1024 },
  );
}
