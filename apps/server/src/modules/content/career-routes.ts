import { randomUUID } from 'node:crypto';
import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptUploads, singleUpload } from '../../http/multipart';
import { namedRoute } from '../../http/named-route';
import { requestContext } from '../../http/route-helpers';
import { UploadError } from '../../http/upload-error';
import { sendPrivateFile, sniffFile } from '../../lib/files';
import { faDuration } from '../../lib/persian';
import { requireHuman } from '../botcheck/require-human';
import { contactSchema } from '../support/validators';
import { ContentNotFoundError } from './errors';

/** docs/screens.md §1: a résumé is one PDF of at most 5 MB. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
/** As many applications as contact messages: three per 10 minutes from one IP. */
export const CAREER_LIMIT = { perIp: 3, windowSeconds: 10 * 60 } as const;
export const CAREER_DEPARTMENT = 'همکاری';
const PREFIX = 'career/';
const STORED = /^[0-9a-f-]{36}\.pdf$/;

const careerSchema = contactSchema.pick({ name: true, contact: true, captcha_token: true }).extend({
  position: z
    .string({ error: 'عنوان شغل را بنویسید.' })
    .transform((v) => v.trim())
    .pipe(z.string().min(2, 'عنوان شغل را بنویسید.').max(120, 'عنوان شغل حداکثر ۱۲۰ نویسه است.')),
  message: z
    .string()
    .nullish()
    .transform((v) => v?.replace(/\r\n?/g, '\n').trim() ?? '')
    .pipe(z.string().max(3000, 'متن معرفی حداکثر ۳٬۰۰۰ نویسه است.')),
});

/**
 * `career.store`: an application from the Career page becomes a guest ticket (department
 * «همکاری») through the support service, as the contact form does, and staff are mailed by it.
 * The résumé must be a PDF by its bytes (≤ 5 MB); it is kept under a random key and the ticket's
 * message links to `career.resume`, which only staff may open (a private, no-store download).
 */
export async function careerRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const { storage, limiter, support } = app.services;

  await app.register(async (scope) => {
    const { preValidation } = await acceptUploads(scope, {
      fileSize: RESUME_MAX_BYTES,
      files: 2,
      maxRequestBytes: RESUME_MAX_BYTES + 256 * 1024,
    });
    namedRoute(
      scope,
      registry,
      { name: 'career.store', method: 'POST', uri: '/career', access: 'anyone', errorField: 'resume' },
      async (request, reply) => {
        await requireHuman(request, 'contact');
        // Every field's problem at once: the file and the text fields.
        const errors: Record<string, string> = {};
        let input: z.output<typeof careerSchema> | undefined;
        let resume: Buffer | null = null;
        try {
          input = await request.validate(careerSchema);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          Object.assign(errors, error.errors);
        }
        try {
          const file = singleUpload(request, 'resume', { tooLarge: 'رزومه باید حداکثر ۵ مگابایت باشد.' });
          if (!file) errors.resume = 'رزومه را به صورت PDF پیوست کنید.';
          else if (sniffFile(file.bytes)?.kind !== 'pdf') errors.resume = 'رزومه باید فایل PDF باشد.';
          else resume = file.bytes;
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          errors.resume = error.message;
        }
        if (Object.keys(errors).length || !input || !resume) throw new ValidationError(errors);

        const limit = await limiter.hit(
          `career:ip:${request.ip}`,
          CAREER_LIMIT.perIp,
          CAREER_LIMIT.windowSeconds,
        );
        if (!limit.allowed) {
          throw new ValidationError({
            form: `در ده دقیقه بیش از سه درخواست نمی‌توان فرستاد؛ لطفاً ${faDuration(limit.retryAfter)} دیگر دوباره بفرستید.`,
          });
        }
        const name = `${randomUUID()}.pdf`;
        await storage.put(`${PREFIX}${name}`, resume);
        const link = new URL(
          registry.url('career.resume', { file: name }, false),
          app.config.APP_URL,
        ).toString();
        try {
          await support.openGuestTicket(
            {
              name: input.name,
              ...input.contact,
              department: CAREER_DEPARTMENT,
              subject: `درخواست همکاری: ${input.position}`,
              message: [input.message || '(بدون متن معرفی)', '', `رزومه (فقط برای کارکنان): ${link}`].join(
                '\n',
              ),
            },
            requestContext(request),
          );
        } catch (error) {
          await storage.delete(`${PREFIX}${name}`).catch(() => {});
          throw error;
        }
        request.session.flash('success', 'درخواست شما رسید؛ پس از بررسی رزومه با شما تماس می‌گیریم.');
        return reply.back(registry.url('career', {}, false));
      },
      { preValidation },
    );
  });

  namedRoute(
    app,
    registry,
    {
      name: 'career.resume',
      method: 'GET',
      uri: '/care/career/{file}',
      access: 'care',
      meta: { unlisted: true },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const stat = STORED.test(file) ? await storage.stat(`${PREFIX}${file}`) : null;
      if (!stat) throw new ContentNotFoundError();
      return sendPrivateFile(reply, {
        stream: await storage.get(`${PREFIX}${file}`),
        mime: 'application/pdf',
        name: 'resume.pdf',
        size: stat.size,
      });
    },
  );
}
