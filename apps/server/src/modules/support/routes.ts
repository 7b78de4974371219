import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { seoOptions } from '../../http/seo';
import { faDuration } from '../../lib/persian';
import { requireHuman } from '../botcheck';
import { publicSettings } from '../catalog';
import type {} from './contracts';
import { CONTACT_DEPARTMENTS, contactSchema, MESSAGE_MAX, SUBJECT_MAX } from './validators';

/** docs/screens.md §1: three contact messages per 10 minutes from one IP. */
export const CONTACT_LIMIT = { perIp: 3, windowSeconds: 10 * 60 } as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** `contact` (Public/Contact) and `contact.store`, the public contact form. */
export async function supportRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, limiter } = app.services;
  const { support } = app.services;

  route({ name: 'contact', method: 'GET', uri: '/contact', access: 'anyone' }, async (request, reply) => {
    const settings = await publicSettings(db);
    const user = request.user;
    return render(
      reply,
      'Public/Contact',
      {
        contact: {
          address: text(settings.contact_address),
          phone: text(settings.support_phone),
          email: text(settings.contact_email),
          hours: text(settings.support_hours),
        },
        departments: Object.entries(CONTACT_DEPARTMENTS).map(([value, { label }]) => ({ value, label })),
        limits: { subject: SUBJECT_MAX, message: MESSAGE_MAX },
        // A signed-in visitor does not retype who they are.
        prefill: user ? { name: user.name, contact: user.email ?? user.mobile ?? '' } : null,
      },
      seoOptions(app.config, {
        title: 'تماس با ما',
        description: [
          'پرسش پیش از خرید یا مشکل فنی؟ از فرم تماس به بخش فروش یا پشتیبانی پیام بدهید',
          text(settings.support_phone) ? `یا با ${settings.support_phone} تماس بگیرید` : null,
        ]
          .filter(Boolean)
          .join(' ')
          .concat('؛ پاسخ را به ایمیل یا موبایل شما می‌فرستیم.'),
        path: '/contact',
      }),
    );
  });

  route(
    { name: 'contact.store', method: 'POST', uri: '/contact', access: 'anyone' },
    async (request, reply) => {
      await requireHuman(request, 'contact');
      const input = await request.validate(contactSchema);
      // Counted after validation: fixing a typo is not another message, and a refused form sends nothing.
      const limit = await limiter.hit(
        `contact:ip:${request.ip}`,
        CONTACT_LIMIT.perIp,
        CONTACT_LIMIT.windowSeconds,
      );
      if (!limit.allowed) {
        throw new ValidationError({
          form: `در ده دقیقه بیش از سه پیام نمی‌توان فرستاد؛ لطفاً ${faDuration(limit.retryAfter)} دیگر دوباره بفرستید یا با شماره پشتیبانی تماس بگیرید.`,
        });
      }
      await support.openGuestTicket(
        {
          name: input.name,
          ...input.contact,
          department: CONTACT_DEPARTMENTS[input.department].department,
          subject: input.subject,
          message: input.message,
        },
        requestContext(request),
      );
      request.session.flash(
        'success',
        'پیام شما رسید. همکاران ما در ساعات کاری بررسی می‌کنند و به ایمیل یا موبایلی که نوشتید پاسخ می‌دهند.',
      );
      return reply.back(registry.url('contact', {}, false));
    },
  );
}
