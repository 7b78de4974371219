import {
  type ApiDescription,
  data,
  EXAMPLE_TIME,
  EXAMPLE_UUID,
  enumOf,
  exact,
  int,
  json,
  list,
  nullable,
  ok,
  op,
  pageParams,
  ref,
  str,
  time,
  uuid,
} from '../../http/openapi-parts';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './tables';

const ticketExample = {
  uuid: EXAMPLE_UUID,
  subject: 'رندر متوقف شد',
  department: 'فنی',
  priority: 'medium',
  status: 'open',
  instance: null,
  last_message_at: EXAMPLE_TIME,
  created_at: EXAMPLE_TIME,
  closed_at: null,
};

const ticketFields = {
  uuid,
  subject: str(),
  department: str(),
  priority: enumOf(TICKET_PRIORITIES),
  status: enumOf(TICKET_STATUSES),
  instance: nullable(str({ description: "The machine's uuid" })),
  last_message_at: time,
  created_at: time,
  closed_at: nullable(time),
};

/** `api.v1.tickets.*` in the API's OpenAPI description (modules/api/openapi.ts). */
export const supportApiDescription: ApiDescription = {
  schemas: {
    Ticket: exact(ticketFields),
    TicketThread: exact({
      ...ticketFields,
      messages: {
        type: 'array',
        description: 'The public messages, oldest first',
        items: exact({
          id: int(),
          author: enumOf(['customer', 'staff']),
          author_name: nullable(str()),
          body: str(),
          created_at: time,
          attachments: {
            type: 'array',
            items: exact({ id: str(), name: str(), mime: str(), size: int() }),
          },
        }),
      },
    }),
  },
  paths: {
    '/api/v1/tickets': {
      get: op({
        id: 'tickets.index',
        summary: 'Your tickets, by latest message',
        ability: 'read',
        tags: ['tickets'],
        parameters: [
          { name: 'status', in: 'query', required: false, schema: enumOf(TICKET_STATUSES) },
          ...pageParams,
        ],
        answer: ok(list('Ticket'), {
          data: [ticketExample],
          meta: { page: 1, per_page: 25, has_more: false },
        }),
        errors: [422],
      }),
      post: op({
        id: 'tickets.store',
        summary: 'Open a ticket with its first message',
        ability: 'create',
        tags: ['tickets'],
        status: 201,
        body: {
          ...json(
            exact(
              {
                department: str(),
                priority: enumOf(TICKET_PRIORITIES),
                subject: str({ maxLength: 150 }),
                message: str({ maxLength: 5000 }),
                instance: str({ description: 'One of your machines’ uuid' }),
              },
              { required: ['department', 'priority', 'subject', 'message'] },
            ),
            {
              department: 'فنی',
              priority: 'medium',
              subject: 'رندر متوقف شد',
              message: 'از ساعت ۱۰ رندر جلو نمی‌رود.',
            },
          ),
          'multipart/form-data': {
            schema: {
              type: 'object',
              description: 'The same fields, and files as `attachments`',
              properties: {
                attachments: { type: 'array', items: str({ contentMediaType: 'application/octet-stream' }) },
              },
            },
          },
        },
        answer: ok(data(ref('TicketThread')), {
          data: {
            ...ticketExample,
            messages: [
              {
                id: 1,
                author: 'customer',
                author_name: 'سارا محمدی',
                body: 'از ساعت ۱۰ رندر جلو نمی‌رود.',
                created_at: EXAMPLE_TIME,
                attachments: [],
              },
            ],
          },
        }),
        errors: [404, 422],
      }),
    },
  },
};
